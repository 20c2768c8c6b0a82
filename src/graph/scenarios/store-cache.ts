import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { asGraph, builder, itemsState } from "./common.js";
import type { GraphScenario } from "../scenario-context.js";

export const G22: GraphScenario = {
  id: "G22",
  name: "store-cache-matrix",
  description: "a cached node and a node using the store, on two threads: cache hits change call counts only",
  needsHistory: false,
  clauses: ["thread-isolation", "pending-writes", "latest"],
  variants: [
    { name: "memory-store×memory-cache", params: { cache: true } },
    { name: "memory-store×no-cache", params: { cache: false } },
  ],
  async run(ctx) {
    const { lg } = ctx;
    // Imported here: the scenario modules stay light to import (the CLI reads their ids before any saver loads).
    const { InMemoryCache } = await import("@langchain/langgraph-checkpoint");
    const expensive = ({ items }: { items: string[] }) => {
      ctx.called("expensive");
      return { items: [`expensive(${items.join("+")})`] };
    };
    const mem = async (_: unknown, config: LangGraphRunnableConfig) => {
      ctx.called("mem");
      const key = String(config.configurable?.thread_id).split(":").pop() ?? "";
      const seen = ((await config.store?.get(["runs"], key))?.value?.count as number | undefined) ?? 0;
      await config.store?.put(["runs"], key, { count: seen + 1 });
      return { items: [`mem:${seen + 1}`] };
    };
    const store = new lg.InMemoryStore();
    const graph = asGraph(
      builder(lg, itemsState(lg))
        .addNode("expensive", expensive, { cachePolicy: { ttl: 60 } })
        .addNode("mem", mem)
        .addEdge(lg.START, "expensive")
        .addEdge("expensive", "mem")
        .addEdge("mem", lg.END)
        .compile({ checkpointer: ctx.checkpointer, store, ...(ctx.variant.params?.cache ? { cache: new InMemoryCache() } : {}) }),
    );
    const a = ctx.thread("a");
    const b = ctx.thread("b");
    await ctx.invoke("run on thread a", graph, { items: ["x"] }, a);
    await ctx.invoke("run on thread b (same input: a cache hit)", graph, { items: ["x"] }, b);
    await ctx.invoke("run on thread b again, new input", graph, { items: ["y"] }, b);
    await ctx.history("history of a", graph, a);
    await ctx.history("history of b", graph, b);
    await ctx.step("store items", async () =>
      (await store.search(["runs"]))
        .map((i) => ({ key: i.key.split(":").pop(), value: i.value }))
        .sort((x, y) => String(x.key).localeCompare(String(y.key))),
    );
  },
};
