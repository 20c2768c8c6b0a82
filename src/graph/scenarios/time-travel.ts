import { asGraph, builder, chain, countingNode, itemsState } from "./common.js";
import { checkpointBefore } from "./checkpoint-before.js";
import { Barrier } from "../barrier.js";
import type { GraphScenario, ScenarioContext } from "../scenario-context.js";

/** a→b→c run once on thread t, and the checkpoint before b that G07 replays and G08 forks (its absence recorded). */
async function firstRunThenBeforeB(ctx: ScenarioContext) {
  const graph = chain(ctx, ["a", "b", "c"]);
  const cfg = ctx.thread("t");
  await ctx.invoke("invoke", graph, { items: ["in"] }, cfg);
  return { graph, cfg, beforeB: await checkpointBefore(ctx, graph, cfg, "b") };
}

export const G07: GraphScenario = {
  id: "G07",
  name: "replay-old-checkpoint",
  description: "replay from the checkpoint before b: an eager fork, b and c re-run, getState shows the replay",
  needsHistory: true,
  clauses: ["branch-values", "latest", "parent", "list"],
  async run(ctx) {
    const { graph, cfg, beforeB } = await firstRunThenBeforeB(ctx);
    if (!beforeB) return;
    await ctx.invoke("replay from the checkpoint before b", graph, null, beforeB.config);
    await ctx.state("getState after the replay", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};

export const G08: GraphScenario = {
  id: "G08",
  name: "fork-via-update",
  description: "updateState on the checkpoint before b, then run the fork: the update shows, old writes are not applied",
  needsHistory: true,
  clauses: ["branch-values", "latest", "pending-writes", "parent"],
  async run(ctx) {
    const { graph, cfg, beforeB } = await firstRunThenBeforeB(ctx);
    if (!beforeB) return;
    const fork = await ctx.update("updateState on the checkpoint before b", graph, beforeB.config, { items: ["X"] });
    await ctx.state("getState after the update", graph, cfg);
    if (fork) await ctx.invoke("run the fork", graph, null, fork);
    await ctx.state("getState after running the fork", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};

export const G09: GraphScenario = {
  id: "G09",
  name: "replay-before-interrupt",
  description: "replay from before an interrupt: it fires again, the new resume wins, both branches stay in history",
  needsHistory: true,
  clauses: ["branch-values", "special-upsert", "latest", "parent"],
  async run(ctx) {
    const { lg } = ctx;
    const ask = () => {
      ctx.called("ask");
      return { items: [`h:${lg.interrupt("question") as string}`] };
    };
    const graph = chain(ctx, ["a", "ask", "b"], { nodes: { ask } });
    const cfg = ctx.thread("t");
    await ctx.invoke("invoke (pauses)", graph, { items: ["in"] }, cfg);
    await ctx.invoke("resume old", graph, new lg.Command({ resume: "old" }), cfg);
    const beforeAsk = await checkpointBefore(ctx, graph, cfg, "ask");
    if (!beforeAsk) return;
    await ctx.invoke("replay from before ask (pauses again)", graph, null, beforeAsk.config);
    await ctx.state("getState at the new pause", graph, cfg);
    await ctx.invoke("resume new", graph, new lg.Command({ resume: "new" }), cfg);
    await ctx.state("getState at the end", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};

/**
 * START → {a, b} → END where b fails on its first call after a has finished:
 * a barrier plus a short delay, so a's writes are in before b's error aborts the step.
 */
function parallelWithFailure(ctx: ScenarioContext) {
  const { lg } = ctx;
  const aDone = new Barrier(1);
  const a = () => {
    const update = countingNode(ctx, "a")();
    aDone.arrive();
    return update;
  };
  const b = async () => {
    await aDone.settled();
    return countingNode(ctx, "b", [1])();
  };
  return asGraph(
    builder(lg, itemsState(lg))
      .addNode("a", a)
      .addNode("b", b)
      .addEdge(lg.START, "a")
      .addEdge(lg.START, "b")
      .addEdge("a", lg.END)
      .addEdge("b", lg.END)
      .compile({ checkpointer: ctx.checkpointer }),
  );
}

export const G10: GraphScenario = {
  id: "G10",
  name: "head-id-is-resume",
  description: "naming the head checkpoint id resumes (no fork): the successful sibling is not run again",
  needsHistory: false,
  clauses: ["latest", "pending-writes", "list"],
  async run(ctx) {
    const graph = parallelWithFailure(ctx);
    const cfg = ctx.thread("t");
    await ctx.invoke("invoke (b fails after a finished)", graph, { items: ["in"] }, cfg);
    const head = await ctx.state("getState after the failure", graph, cfg);
    if (!head) return;
    await ctx.invoke("invoke with the head's checkpoint_id", graph, null, head.config);
    await ctx.state("getState at the end", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};
