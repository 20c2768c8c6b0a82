import { asGraph, builder, countingNode, itemsState } from "./common.js";
import { sleep } from "./product-common.js";
import type { GraphScenario } from "../scenario-context.js";

const TTL_SECONDS = 1;
/** Past the TTL with a margin; the whole scenario stays under 2 s per run. */
const WAIT_MS = 1_300;

/** A node cached for 1 s: a hit on another thread at once, a miss after the TTL. */
export const G28: GraphScenario = {
  id: "G28",
  name: "cache-ttl-expires",
  description: `a node cached with ttl ${TTL_SECONDS} s: a second thread hits, a third after ${WAIT_MS} ms runs it again`,
  needsHistory: false,
  clauses: ["pending-writes", "thread-isolation"],
  uses: { cache: true },
  async run(ctx) {
    const { lg } = ctx;
    const graph = asGraph(
      builder(lg, itemsState(lg))
        .addNode("slow", countingNode(ctx, "slow", [], false), { cachePolicy: { ttl: TTL_SECONDS } })
        .addEdge(lg.START, "slow")
        .addEdge("slow", lg.END)
        .compile({ checkpointer: ctx.checkpointer, ...(ctx.cache ? { cache: ctx.cache } : {}) }),
    );
    await ctx.invoke("thread a", graph, { items: ["x"] }, ctx.thread("a"));
    await ctx.invoke("thread b at once (a hit)", graph, { items: ["x"] }, ctx.thread("b"));
    ctx.record("calls before the TTL", ctx.calls("slow"));
    await sleep(WAIT_MS);
    await ctx.invoke(`thread c after ${WAIT_MS} ms (expired)`, graph, { items: ["x"] }, ctx.thread("c"));
    ctx.record("calls after the TTL", ctx.calls("slow"));
  },
};
