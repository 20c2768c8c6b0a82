import { chain } from "./common.js";
import { checkpointBefore } from "./checkpoint-before.js";
import type { GraphScenario } from "../scenario-context.js";

export const G05: GraphScenario = {
  id: "G05",
  name: "update-state-as-node",
  description: "updateState on the head: inferred node, as b, as a; source, step and next of each update",
  needsHistory: false,
  clauses: ["pending-writes", "latest", "metadata", "parent"],
  async run(ctx) {
    const graph = chain(ctx, ["a", "b"], { compile: { interruptBefore: ["b"] } });
    const cfg = ctx.thread("t");
    await ctx.invoke("invoke (stops before b)", graph, { items: ["in"] }, cfg);
    await ctx.update("updateState (as the last writer)", graph, cfg, { items: ["u1"] });
    await ctx.state("getState after the inferred update", graph, cfg);
    await ctx.update("updateState as b", graph, cfg, { items: ["u2"] }, "b");
    await ctx.state("getState after the update as b", graph, cfg);
    await ctx.update("updateState as a", graph, cfg, { items: ["u3"] }, "a");
    await ctx.state("getState after the update as a", graph, cfg);
    await ctx.invoke("resume to the end", graph, null, cfg);
    await ctx.history("history", graph, cfg);
  },
};

export const G06: GraphScenario = {
  id: "G06",
  name: "update-state-special",
  description: "updateState as __copy__ (a fork sibling), __input__ and __end__, each followed by reads",
  needsHistory: true,
  clauses: ["branch-values", "latest", "parent", "pending-writes"],
  async run(ctx) {
    const graph = chain(ctx, ["a", "b"]);
    const cfg = ctx.thread("t");
    await ctx.invoke("invoke", graph, { items: ["in"] }, cfg);
    const beforeB = await checkpointBefore(ctx, graph, cfg, "b");
    if (!beforeB) return;
    const copy = await ctx.update("updateState as __copy__ of the checkpoint before b", graph, beforeB.config, undefined, "__copy__");
    if (copy) await ctx.invoke("invoke from the copy", graph, null, copy);
    await ctx.state("getState after running the copy", graph, cfg);
    await ctx.update("updateState as __input__", graph, cfg, { items: ["again"] }, "__input__");
    await ctx.state("getState after __input__", graph, cfg);
    await ctx.invoke("run the new input", graph, null, cfg);
    await ctx.update("updateState as __end__", graph, cfg, null, "__end__");
    await ctx.state("getState after __end__", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};
