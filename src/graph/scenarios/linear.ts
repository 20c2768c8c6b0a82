import { chain, DURABILITY_VARIANTS } from "./common.js";
import type { GraphScenario } from "../scenario-context.js";

const THREADS = 20;

export const G01: GraphScenario = {
  id: "G01",
  name: "linear-multi-turn",
  description: "START→a→b→END over 3 turns: step numbering, input checkpoints and the parent chain across turns",
  needsHistory: false,
  clauses: ["parent", "latest", "list", "metadata", "thread-isolation", "writes-before-put"],
  variants: [...DURABILITY_VARIANTS, { name: "latency", latencyMs: 12 }, { name: `${THREADS}-threads`, params: { threads: THREADS } }],
  async run(ctx) {
    const threads = Number(ctx.variant.params?.threads ?? 0);
    const graph = chain(ctx, ["a", "b"], { unnumbered: threads > 0 });
    if (threads > 0) {
      // All threads run two turns at once; each thread's history must be its own.
      const configs = Array.from({ length: threads }, (_, i) => ctx.thread(`t${i}`));
      await ctx.step("two turns on every thread at once", async () => {
        await Promise.all(
          configs.map(async (cfg, i) => {
            await graph.invoke({ items: [`in${i}`] }, { ...cfg, durability: ctx.durability });
            await graph.invoke({ items: [`again${i}`] }, { ...cfg, durability: ctx.durability });
          }),
        );
        return "done";
      });
      for (const [i, cfg] of configs.entries()) await ctx.history(`history of thread t${i}`, graph, cfg);
      return;
    }
    const cfg = ctx.thread("t");
    for (const turn of [1, 2, 3]) {
      await ctx.invoke(`turn ${turn}`, graph, { items: [`in${turn}`] }, cfg);
      await ctx.state(`getState after turn ${turn}`, graph, cfg);
    }
    await ctx.history("history", graph, cfg);
  },
};

export const G02: GraphScenario = {
  id: "G02",
  name: "durability-matrix",
  description: "a→b where b fails once: the error, the history per durability mode, the resume and a new turn",
  needsHistory: false,
  clauses: ["writes-before-put", "pending-writes", "special-upsert", "parent", "latest"],
  variants: DURABILITY_VARIANTS,
  async run(ctx) {
    const graph = chain(ctx, ["a", "b"], { failOn: { b: [1] } });
    const cfg = ctx.thread("t");
    await ctx.invoke("turn 1 (b fails)", graph, { items: ["in1"] }, cfg);
    await ctx.state("getState after the failure", graph, cfg);
    await ctx.history("history after the failure", graph, cfg);
    await ctx.invoke("resume with null", graph, null, cfg);
    await ctx.invoke("turn 2", graph, { items: ["in2"] }, cfg);
    await ctx.state("getState after turn 2", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};
