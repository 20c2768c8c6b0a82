import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { asGraph, builder, itemsState } from "./common.js";
import { nodeStore, storeContents } from "./product-common.js";
import type { GraphScenario } from "../scenario-context.js";

/**
 * Store writes live outside the checkpoint: a write made before an interrupt
 * is seen after the resume and by another thread, and is never rolled back.
 */
export const G24: GraphScenario = {
  id: "G24",
  name: "store-across-interrupt",
  description:
    "a node counts visits in the store, the next one interrupts, the last one reads the count after the resume; two threads share the count",
  needsHistory: false,
  clauses: ["pending-writes", "latest", "thread-isolation"],
  uses: { store: true },
  async run(ctx) {
    const { lg } = ctx;
    const remember = async (_: unknown, config: LangGraphRunnableConfig) => {
      ctx.called("remember");
      const store = nodeStore(config);
      const count = (((await store.get(["memo"], "visits"))?.value.count as number | undefined) ?? 0) + 1;
      await store.put(["memo"], "visits", { count });
      await store.put(["memo", "log"], `visit${count}`, { thread: String(config.configurable?.label) });
      return { items: [`visit ${count}`] };
    };
    const ask = () => {
      ctx.called("ask");
      return { items: [`answer ${String(lg.interrupt("go on?"))}`] };
    };
    const recall = async (_: unknown, config: LangGraphRunnableConfig) => {
      ctx.called("recall");
      const seen = await nodeStore(config).get(["memo"], "visits");
      return { items: [`recall ${String(seen?.value.count)}`] };
    };
    const graph = asGraph(
      builder(lg, itemsState(lg))
        .addNode("remember", remember)
        .addNode("ask", ask)
        .addNode("recall", recall)
        .addEdge(lg.START, "remember")
        .addEdge("remember", "ask")
        .addEdge("ask", "recall")
        .addEdge("recall", lg.END)
        .compile({ checkpointer: ctx.checkpointer, store: ctx.store }),
    );
    for (const label of ["a", "b"]) {
      const thread = ctx.thread(label);
      const config = { configurable: { ...thread.configurable, label } };
      await ctx.invoke(`run on thread ${label} (interrupts)`, graph, { items: [] }, config);
      await ctx.step(`the store while ${label} waits`, () => storeContents(ctx.store, ["memo"]));
      await ctx.invoke(`resume ${label}`, graph, new lg.Command({ resume: `yes-${label}` }), config);
      await ctx.step(`the store after resuming ${label}`, () => storeContents(ctx.store, ["memo"]));
    }
    await ctx.state("getState of a", graph, ctx.thread("a"));
  },
};
