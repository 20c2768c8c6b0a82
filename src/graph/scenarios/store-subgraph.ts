import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { asGraph, builder, itemsState } from "./common.js";
import { nodeStore, storeContents } from "./product-common.js";
import type { GraphScenario } from "../scenario-context.js";

/**
 * The store inside a subgraph: `getStore()` in the child's nodes, the parent's
 * `config.store` after it. Two tenants whose names share a prefix ("ann",
 * "anna") must stay apart in a search.
 */
export const G25: GraphScenario = {
  id: "G25",
  name: "store-in-subgraph",
  description: "a subgraph saves two tenants' profiles with getStore() and searches one tenant; the parent reads the other after it",
  needsHistory: false,
  clauses: ["namespace", "pending-writes"],
  uses: { store: true },
  async run(ctx) {
    const { lg } = ctx;
    const save = async () => {
      ctx.called("save");
      const store = lg.getStore();
      if (!store) throw new Error("getStore() returned nothing inside the subgraph");
      await store.put(["tenant", "ann"], "profile", { name: "Ann" });
      await store.put(["tenant", "anna"], "profile", { name: "Anna" });
      return { items: ["saved"] };
    };
    const find = async () => {
      ctx.called("find");
      const found = await lg.getStore()!.search(["tenant", "ann"]);
      return { items: found.map((i) => `found ${i.namespace.join("/")}: ${String(i.value.name)}`).sort() };
    };
    const child = builder(lg, itemsState(lg))
      .addNode("save", save)
      .addNode("find", find)
      .addEdge(lg.START, "save")
      .addEdge("save", "find")
      .addEdge("find", lg.END)
      .compile();
    const lookup = async (_: unknown, config: LangGraphRunnableConfig) => {
      ctx.called("lookup");
      const anna = await nodeStore(config).get(["tenant", "anna"], "profile");
      return { items: [`anna is ${String(anna?.value.name)}`] };
    };
    const graph = asGraph(
      builder(lg, itemsState(lg))
        .addNode("child", child)
        .addNode("lookup", lookup)
        .addEdge(lg.START, "child")
        .addEdge("child", "lookup")
        .addEdge("lookup", lg.END)
        .compile({ checkpointer: ctx.checkpointer, store: ctx.store }),
    );
    const a = ctx.thread("a");
    await ctx.invoke("run", graph, { items: [] }, a);
    await ctx.state("getState with subgraphs", graph, a, { subgraphs: true });
    await ctx.step("the store", () => storeContents(ctx.store, ["tenant"]));
  },
};
