import { asGraph, builder, concat, countingNode, DURABILITY_VARIANTS, line } from "./common.js";
import { checkpointBefore } from "./checkpoint-before.js";
import type { GraphScenario, ScenarioContext } from "../scenario-context.js";

/**
 * Subgraphs share only `answer` (last value wins) with their parent: a shared
 * key with a reducer would append the subgraph's whole output to the parent's.
 */
function withAnswer(ctx: ScenarioContext, extra: Record<string, unknown> = {}) {
  const { lg } = ctx;
  return lg.Annotation.Root({ answer: lg.Annotation<string>(), ...extra } as { answer: ReturnType<typeof lg.Annotation<string>> });
}

/** The parent's state: `items` (concat) plus the `answer` its subgraph returns. */
function parentState(ctx: ScenarioContext) {
  const { lg } = ctx;
  return lg.Annotation.Root({
    items: lg.Annotation<string[], string | string[]>({ reducer: concat, default: () => [] }),
    answer: lg.Annotation<string>(),
  });
}

/** A log only the subgraph sees. */
function privateLog(ctx: ScenarioContext, name: string) {
  return { [name]: ctx.lg.Annotation<string[], string | string[]>({ reducer: concat, default: () => [] }) };
}

export const G11: GraphScenario = {
  id: "G11",
  name: "subgraph-interrupt",
  description: "an interrupt inside a stateless subgraph: namespaces, parents map, nested state and histories, resume",
  needsHistory: false,
  clauses: ["namespace", "list", "metadata", "pending-writes", "latest"],
  variants: DURABILITY_VARIANTS,
  async run(ctx) {
    const { lg } = ctx;
    const child = line(lg, builder(lg, withAnswer(ctx, privateLog(ctx, "secret"))), {
      s1: () => (ctx.called("s1"), { secret: ["s1"] }),
      s2: () => {
        ctx.called("s2");
        return { answer: `s2:${lg.interrupt("child question") as string}` };
      },
    }).compile();
    const graph = asGraph(
      line(lg, builder(lg, parentState(ctx)), { p: countingNode(ctx, "p"), child, q: countingNode(ctx, "q") }).compile({
        checkpointer: ctx.checkpointer,
      }),
    );
    const cfg = ctx.thread("t");
    await ctx.invoke("invoke (pauses in the subgraph)", graph, { items: ["in"] }, cfg);
    await ctx.state("getState with subgraphs", graph, cfg, { subgraphs: true });
    const paused = await ctx.state("getState without subgraphs", graph, cfg);
    const childConfig = paused?.tasks[0]?.state;
    if (childConfig && "configurable" in childConfig) await ctx.history("the subgraph's history", graph, childConfig);
    await ctx.invoke("resume", graph, new lg.Command({ resume: "answer" }), cfg);
    await ctx.state("getState at the end", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};

export const G12: GraphScenario = {
  id: "G12",
  name: "stateful-subgraph-nested",
  description: "a stateful subgraph (checkpointer: true) with a nested interrupting subgraph, over two turns",
  needsHistory: false,
  clauses: ["namespace", "latest", "metadata", "list"],
  async run(ctx) {
    const { lg } = ctx;
    const inner = line(lg, builder(lg, withAnswer(ctx)), {
      i1: () => {
        ctx.called("i1");
        return { answer: `i1:${lg.interrupt("inner question") as string}` };
      },
    }).compile();
    // mid keeps its own log across turns (checkpointer: true); the root only sees `answer`.
    const mid = line(lg, builder(lg, withAnswer(ctx, privateLog(ctx, "midLog"))), {
      m1: () => (ctx.called("m1"), { midLog: [`m1:${ctx.calls("m1")}`] }),
      inner,
    }).compile({ checkpointer: true });
    const graph = asGraph(line(lg, builder(lg, parentState(ctx)), { mid }).compile({ checkpointer: ctx.checkpointer }));
    const cfg = ctx.thread("t");
    const midCfg = { configurable: { ...cfg.configurable, checkpoint_ns: "mid" } };
    for (const turn of [1, 2]) {
      await ctx.invoke(`turn ${turn} (pauses in inner)`, graph, { items: [`in${turn}`] }, cfg);
      await ctx.state(`getState with subgraphs, turn ${turn}`, graph, cfg, { subgraphs: true });
      await ctx.invoke(`resume turn ${turn}`, graph, new lg.Command({ resume: `r${turn}` }), cfg);
      await ctx.state(`mid's own state after turn ${turn}`, graph, midCfg);
    }
    await ctx.history("mid's history", graph, midCfg);
    await ctx.history("history", graph, cfg);
  },
};

export const G13: GraphScenario = {
  id: "G13",
  name: "subgraph-replay-from-parent",
  description: "replay the parent from before a stateless subgraph: it re-runs fresh and getState shows its new output",
  needsHistory: true,
  clauses: ["branch-values", "latest", "namespace", "parent"],
  async run(ctx) {
    const { lg } = ctx;
    const child = line(lg, builder(lg, withAnswer(ctx)), { s: () => (ctx.called("s"), { answer: `s${ctx.calls("s")}` }) }).compile();
    const graph = asGraph(
      line(lg, builder(lg, parentState(ctx)), { p: countingNode(ctx, "p"), child }).compile({ checkpointer: ctx.checkpointer }),
    );
    const cfg = ctx.thread("t");
    await ctx.invoke("invoke", graph, { items: ["in"] }, cfg);
    const beforeChild = await checkpointBefore(ctx, graph, cfg, "child");
    if (!beforeChild) return;
    await ctx.invoke("replay from before the subgraph", graph, null, beforeChild.config);
    await ctx.state("getState after the replay", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};
