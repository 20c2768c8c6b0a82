import { asGraph, builder, chain, countingNode, DURABILITY_VARIANTS, itemsState } from "./common.js";
import type { GraphScenario, ScenarioContext } from "../scenario-context.js";

/** START → a → ask (two interrupt() calls) → b → END. */
function askTwice(ctx: ScenarioContext) {
  const { lg } = ctx;
  const ask = () => {
    ctx.called("ask");
    const first = lg.interrupt("first question") as string;
    const second = lg.interrupt(`second question after ${first}`) as string;
    return { items: [`ask:${first}/${second}`] };
  };
  return chain(ctx, ["a", "ask", "b"], { nodes: { ask } });
}

export const G03: GraphScenario = {
  id: "G03",
  name: "dynamic-interrupt-resume",
  description: "a node with two interrupt() calls: the pause, both resumes, no extra checkpoints for interrupts",
  needsHistory: false,
  clauses: ["special-upsert", "pending-writes", "writes-before-put", "latest"],
  variants: DURABILITY_VARIANTS,
  async run(ctx) {
    const { Command } = ctx.lg;
    const graph = askTwice(ctx);
    const cfg = ctx.thread("t");
    await ctx.invoke("invoke (pauses at the first interrupt)", graph, { items: ["in"] }, cfg);
    await ctx.state("getState at the first pause", graph, cfg);
    await ctx.invoke("resume r1 (pauses at the second interrupt)", graph, new Command({ resume: "r1" }), cfg);
    await ctx.state("getState at the second pause", graph, cfg);
    await ctx.invoke("resume r2", graph, new Command({ resume: "r2" }), cfg);
    await ctx.state("getState at the end", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};

export const G04: GraphScenario = {
  id: "G04",
  name: "static-breakpoints",
  description: "interruptBefore/interruptAfter: where each run stops, updateState at a stop, resume with null",
  needsHistory: false,
  clauses: ["latest", "pending-writes", "list", "parent"],
  variants: [
    { name: "before-after-b", params: { breakpoints: "b" } },
    { name: "every-node", params: { breakpoints: "*" } },
  ],
  async run(ctx) {
    const cfg = ctx.thread("t");
    if (ctx.variant.params?.breakpoints === "*") {
      // Python's test_interruption_without_state_updates: nodes that write nothing still stop at every step.
      const noop = (name: string) => () => (ctx.called(name), {});
      const graph = chain(ctx, ["a", "b", "c"], { nodes: { a: noop("a"), b: noop("b"), c: noop("c") }, compile: { interruptAfter: "*" } });
      await ctx.invoke("invoke (stops after a)", graph, { items: ["in"] }, cfg);
      for (const n of [1, 2, 3]) {
        const history = await ctx.history(`history at stop ${n}`, graph, cfg);
        ctx.record(`history length at stop ${n}`, history.length);
        await ctx.invoke(`resume ${n}`, graph, null, cfg);
      }
      await ctx.history("history", graph, cfg);
      return;
    }
    const graph = chain(ctx, ["a", "b", "c"], { compile: { interruptBefore: ["b"], interruptAfter: ["b"] } });
    await ctx.invoke("invoke (stops before b)", graph, { items: ["in"] }, cfg);
    await ctx.state("getState before b", graph, cfg);
    await ctx.update("updateState before b", graph, cfg, { items: ["u1"] });
    await ctx.invoke("resume (stops after b)", graph, null, cfg);
    await ctx.state("getState after b", graph, cfg);
    await ctx.update("updateState as b", graph, cfg, { items: ["u2"] }, "b");
    await ctx.invoke("resume to the end", graph, null, cfg);
    await ctx.state("getState at the end", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};

export const G16: GraphScenario = {
  id: "G16",
  name: "parallel-interrupts-resume-map",
  description: "two parallel nodes interrupt; resume by a map of interrupt ids (or one plain value for both)",
  needsHistory: false,
  clauses: ["special-upsert", "pending-writes", "latest"],
  variants: [
    { name: "resume-map", params: { resume: "map" } },
    { name: "plain-resume", params: { resume: "plain" } },
  ],
  async run(ctx) {
    const { lg } = ctx;
    const asks = (name: string) => () => {
      ctx.called(name);
      return { items: [`${name}:${lg.interrupt(`question from ${name}`) as string}`] };
    };
    const graph = asGraph(
      builder(lg, itemsState(lg))
        .addNode("x", asks("x"))
        .addNode("y", asks("y"))
        .addNode("j", countingNode(ctx, "j"))
        .addEdge(lg.START, "x")
        .addEdge(lg.START, "y")
        .addEdge(["x", "y"], "j")
        .addEdge("j", lg.END)
        .compile({ checkpointer: ctx.checkpointer }),
    );
    const cfg = ctx.thread("t");
    await ctx.invoke("invoke (both interrupt)", graph, { items: ["in"] }, cfg);
    const state = await ctx.state("getState at the pause", graph, cfg);
    // Interrupt ids change on every run: the resume map is built from what getState returns now.
    const resume =
      ctx.variant.params?.resume === "plain"
        ? "v"
        : Object.fromEntries((state?.tasks ?? []).flatMap((t) => t.interrupts.map((i) => [i.id, `answer to ${String(i.value)}`])));
    await ctx.invoke("resume", graph, new lg.Command({ resume }), cfg);
    await ctx.state("getState at the end", graph, cfg);
  },
};
