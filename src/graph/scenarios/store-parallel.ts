import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { asGraph, builder, itemsState } from "./common.js";
import { nodeStore, storeContents } from "./product-common.js";
import type { GraphScenario } from "../scenario-context.js";

const WRITERS = 50;
const NS = ["fanout", "notes"];

/**
 * LangGraph's test_store_injected: many parallel nodes put into the store in
 * one superstep, so their puts reach the backend as one `batch()`.
 */
export const G23: GraphScenario = {
  id: "G23",
  name: "store-parallel-writers",
  description: `${WRITERS} parallel nodes each put an item (one superstep: one store batch), a node after them reads all, on two threads`,
  needsHistory: false,
  clauses: ["pending-writes", "thread-isolation"],
  uses: { store: true },
  async run(ctx) {
    const { lg } = ctx;
    const names = Array.from({ length: WRITERS }, (_, i) => `w${String(i + 1).padStart(2, "0")}`);
    let g = builder(lg, itemsState(lg));
    for (const name of names) {
      g = g
        .addNode(name, async (_: unknown, config: LangGraphRunnableConfig) => {
          ctx.called("writer");
          await nodeStore(config).put(NS, name, { by: name, turn: String(config.configurable?.turn) });
          return { items: [] };
        })
        .addEdge(lg.START, name);
    }
    const reader = async (_: unknown, config: LangGraphRunnableConfig) => {
      ctx.called("reader");
      const store = nodeStore(config);
      const [all, one] = await Promise.all([store.search(NS, { limit: 100 }), store.get(NS, "w17")]);
      return { items: [`seen ${all.length}`, `w17 by ${String(one?.value.by)} in turn ${String(one?.value.turn)}`] };
    };
    const graph = asGraph(
      g
        .addNode("reader", reader)
        .addEdge(names, "reader")
        .addEdge("reader", lg.END)
        .compile({ checkpointer: ctx.checkpointer, store: ctx.store }),
    );
    const a = ctx.thread("a");
    const b = ctx.thread("b");
    await ctx.invoke("run on thread a", graph, { items: [] }, { configurable: { ...a.configurable, turn: 1 } });
    await ctx.step("the store after thread a", () => storeContents(ctx.store, ["fanout"]));
    await ctx.invoke("run on thread b (overwrites every key)", graph, { items: [] }, { configurable: { ...b.configurable, turn: 2 } });
    await ctx.step("the store after thread b", () => storeContents(ctx.store, ["fanout"]));
    await ctx.state("getState of a", graph, a);
  },
};
