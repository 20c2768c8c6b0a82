import { asGraph, builder, concat } from "./common.js";
import type { GraphScenario } from "../scenario-context.js";

/**
 * Two cached nodes with the same cache key (their namespaces keep them apart),
 * before an interrupt: a second thread hits the cache for both, and a resume
 * runs neither again.
 */
export const G27: GraphScenario = {
  id: "G27",
  name: "cached-nodes-threads-interrupt",
  description: "two cached nodes keyed by the same topic, then an interrupt; run and resume on two threads",
  needsHistory: false,
  clauses: ["pending-writes", "thread-isolation", "special-upsert"],
  uses: { cache: true },
  async run(ctx) {
    const { lg } = ctx;
    const state = lg.Annotation.Root({
      topic: lg.Annotation<string>(),
      items: lg.Annotation<string[], string | string[]>({ reducer: concat, default: () => [] }),
    });
    const byTopic = { keyFunc: (args: unknown[]) => String((args[0] as { topic: string }).topic) };
    const cached =
      (name: string) =>
      ({ topic }: { topic: string }) => {
        ctx.called(name);
        return { items: [`${name}(${topic})`] };
      };
    const ask = () => {
      ctx.called("ask");
      return { items: [`answer ${String(lg.interrupt("more?"))}`] };
    };
    const graph = asGraph(
      builder(lg, state)
        .addNode("left", cached("left"), { cachePolicy: byTopic })
        .addNode("right", cached("right"), { cachePolicy: byTopic })
        .addNode("ask", ask)
        .addEdge(lg.START, "left")
        .addEdge("left", "right")
        .addEdge("right", "ask")
        .addEdge("ask", lg.END)
        .compile({ checkpointer: ctx.checkpointer, ...(ctx.cache ? { cache: ctx.cache } : {}) }),
    );
    for (const label of ["a", "b"]) {
      const thread = ctx.thread(label);
      await ctx.invoke(`run on thread ${label} (interrupts)`, graph, { topic: "x" }, thread);
      await ctx.invoke(`resume ${label}`, graph, new lg.Command({ resume: label }), thread);
      ctx.record(`calls after thread ${label}`, { left: ctx.calls("left"), right: ctx.calls("right") });
    }
  },
};
