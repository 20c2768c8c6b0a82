import type { GraphScenario } from "../scenario-context.js";

/**
 * func.test.ts "multiple interrupts with cache": a cached task called before
 * each of three interrupts. Three calls on the first thread, none on a second
 * (every call a cache hit), three more after `clearCache()`.
 */
export const G26: GraphScenario = {
  id: "G26",
  name: "cached-task-interrupts",
  description: "an entrypoint calls a cached task before each of 3 interrupts, on 3 threads, with clearCache() before the third",
  needsHistory: false,
  clauses: ["pending-writes", "special-upsert", "latest"],
  uses: { cache: true },
  async run(ctx) {
    const { lg } = ctx;
    const double = lg.task({ name: "double", cachePolicy: {} }, async (x: number) => {
      ctx.called("double");
      return 2 * x;
    });
    const graph = lg.entrypoint(
      { name: "graph", checkpointer: ctx.checkpointer, ...(ctx.cache ? { cache: ctx.cache } : {}) },
      async (start: number) => {
        const seen: unknown[] = [];
        for (const x of [start, start + 1, start + 2]) {
          seen.push(await double(x));
          seen.push(lg.interrupt(`after double(${x})?`));
        }
        return seen;
      },
    );
    const runThread = async (label: string) => {
      const thread = ctx.thread(label);
      await ctx.invoke(`start thread ${label}`, graph, 1, thread);
      for (const answer of ["x", "y", "z"])
        await ctx.invoke(`resume ${label} with ${answer}`, graph, new lg.Command({ resume: answer }), thread);
      ctx.record(`double's calls after thread ${label}`, ctx.calls("double"));
    };
    await runThread("a");
    await runThread("b");
    await ctx.step("clearCache()", () => graph.clearCache());
    await runThread("c");
  },
};
