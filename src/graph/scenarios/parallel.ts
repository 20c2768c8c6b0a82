import { asGraph, builder, countingNode, DURABILITY_VARIANTS, itemsState, line } from "./common.js";
import { Barrier, sleep } from "../barrier.js";
import type { GraphScenario, ScenarioContext } from "../scenario-context.js";

const FANOUT = 5;

/**
 * plan → Send × FANOUT to w → join. Later sends finish first (reverse delays);
 * with `failIndex`, that worker fails on its first call once all its siblings
 * have finished (a barrier plus a short delay), so the pre-error state is fixed.
 */
function fanOut(ctx: ScenarioContext, failIndex?: number) {
  const { lg } = ctx;
  const siblingsDone = new Barrier(failIndex === undefined ? 0 : FANOUT - 1);
  const worker = async ({ index }: { index: number }) => {
    ctx.called(`w${index}`);
    if (index === failIndex && ctx.calls(`w${index}`) === 1) {
      await siblingsDone.settled();
      throw new Error(`w${index} fails on its first call`);
    }
    await sleep((FANOUT - index) * 3);
    if (index !== failIndex) siblingsDone.arrive();
    return { items: [`w${index}`] };
  };
  return asGraph(
    builder(lg, itemsState(lg))
      .addNode("plan", countingNode(ctx, "plan"))
      .addNode("w", worker)
      .addNode("join", countingNode(ctx, "join"))
      .addEdge(lg.START, "plan")
      .addConditionalEdges("plan", () => Array.from({ length: FANOUT }, (_, index) => new lg.Send("w", { index })), ["w"])
      .addEdge("w", "join")
      .addEdge("join", lg.END)
      .compile({ checkpointer: ctx.checkpointer }),
  );
}

export const G14: GraphScenario = {
  id: "G14",
  name: "send-fanout-order",
  description: "Send × 5 finishing in reverse order: writes applied in Send order, push task paths in history",
  needsHistory: false,
  clauses: ["pending-writes", "writes-order", "list"],
  async run(ctx) {
    const graph = fanOut(ctx);
    const cfg = ctx.thread("t");
    await ctx.invoke("invoke", graph, { items: ["in"] }, cfg);
    await ctx.state("getState", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};

export const G15: GraphScenario = {
  id: "G15",
  name: "parallel-error-resume",
  description: "one Send fails after its siblings finished: next = the failed task, siblings not re-run on resume",
  needsHistory: false,
  clauses: ["pending-writes", "special-upsert", "writes-before-put", "latest"],
  variants: DURABILITY_VARIANTS,
  async run(ctx) {
    const graph = fanOut(ctx, 2);
    const cfg = ctx.thread("t");
    await ctx.invoke("invoke (w2 fails)", graph, { items: ["in"] }, cfg);
    await ctx.state("getState after the failure", graph, cfg);
    await ctx.invoke("resume with null", graph, null, cfg);
    await ctx.state("getState at the end", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};

export const G17: GraphScenario = {
  id: "G17",
  name: "multi-write-one-task",
  description: "one task writes the same channel three times: idx order kept in values and in the task's result",
  needsHistory: false,
  clauses: ["pending-writes", "writes-order"],
  async run(ctx) {
    const { lg } = ctx;
    const State = lg.Annotation.Root({
      foo: lg.Annotation<string, string>({ reducer: (a, b) => (a ? `${a},${b}` : b), default: () => "" }),
    });
    const graph = asGraph(
      line(lg, builder(lg, State), {
        one: () => {
          ctx.called("one");
          return new lg.Command({
            update: [
              ["foo", "1a"],
              ["foo", "1b"],
              ["foo", "1c"],
            ],
          });
        },
        two: () => (ctx.called("two"), { foo: "2" }),
      }).compile({ checkpointer: ctx.checkpointer }),
    );
    const cfg = ctx.thread("t");
    await ctx.invoke("invoke", graph, { foo: "in" }, cfg);
    await ctx.state("getState", graph, cfg);
    await ctx.history("history", graph, cfg);
  },
};

const DELTA_THREADS = 6;

export const G18: GraphScenario = {
  id: "G18",
  name: "delta-channel-parallel",
  description: "a DeltaChannel with 3 parallel writers (zz, aa, mm) on 6 threads: a cold read equals the live output",
  needsHistory: true,
  clauses: ["writes-order", "pending-writes"],
  async run(ctx) {
    const { lg } = ctx;
    const listReducer = (state: string[], writes: string[][]) => writes.reduce<string[]>((acc, w) => acc.concat(w), [...state]);
    const makeGraph = () => {
      const State = lg.Annotation.Root({
        items: new lg.DeltaChannel<string[], string[]>(listReducer, { snapshotFrequency: 1000 }),
      });
      let g = builder(lg, State).addNode("p", () => (ctx.called("p"), { items: ["p"] }));
      g = g.addEdge(lg.START, "p");
      for (const name of ["zz", "aa", "mm"])
        g = g
          .addNode(name, () => (ctx.called(name), { items: [name] }))
          .addEdge("p", name)
          .addEdge(name, lg.END);
      return asGraph(g.compile({ checkpointer: ctx.checkpointer }));
    };
    for (let i = 0; i < DELTA_THREADS; i++) {
      const cfg = ctx.thread(`t${i}`);
      await ctx.invoke(`live run on thread ${i}`, makeGraph(), { items: ["in"] }, cfg);
      // A freshly compiled graph has no live channels: it rebuilds the value from the saver.
      await ctx.state(`cold getState on thread ${i}`, makeGraph(), cfg);
    }
    await ctx.history("history of thread 0", makeGraph(), ctx.thread("t0"));
  },
};
