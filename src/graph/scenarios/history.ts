import { createHash } from "node:crypto";
import { asGraph, builder, chain } from "./common.js";
import type { GraphScenario, ScenarioContext } from "../scenario-context.js";

/** Thread t with 3 turns and thread t2 with one, on START→a→b→END. */
async function threeTurnsAndAnother(ctx: ScenarioContext) {
  const graph = chain(ctx, ["a", "b"]);
  const t = ctx.thread("t");
  const t2 = ctx.thread("t2");
  for (const turn of [1, 2, 3]) await ctx.invoke(`turn ${turn} on t`, graph, { items: [`in${turn}`] }, t);
  await ctx.invoke("turn 1 on t2", graph, { items: ["other"] }, t2);
  return { graph, t, t2 };
}

export const G19: GraphScenario = {
  id: "G19",
  name: "history-filters",
  description: "getStateHistory with limit, before and metadata filters; another thread never leaks in",
  needsHistory: true,
  clauses: ["list", "thread-isolation", "metadata"],
  async run(ctx) {
    const { graph, t, t2 } = await threeTurnsAndAnother(ctx);
    await ctx.history("history of t", graph, t);
    await ctx.history("history of t, limit 2", graph, t, { limit: 2 });
    const head = await ctx.state("getState of t", graph, t);
    if (head) await ctx.history("history of t before the head, limit 3", graph, t, { before: head.config, limit: 3 });
    await ctx.history("history of t, filter source=input", graph, t, { filter: { source: "input" } });
    await ctx.history("history of t, filter step=2", graph, t, { filter: { step: 2 } });
    await ctx.history("history of t2", graph, t2);
  },
};

export const G20: GraphScenario = {
  id: "G20",
  name: "delete-thread-rerun",
  description: "deleteThread(t): empty state and history, a re-run starts at step -1, thread t2 untouched",
  needsHistory: false,
  clauses: ["delete-thread", "thread-isolation", "latest"],
  async run(ctx) {
    const { graph, t, t2 } = await threeTurnsAndAnother(ctx);
    await ctx.step("deleteThread(t)", () => ctx.checkpointer.deleteThread(String(t.configurable?.thread_id)).then(() => "deleted"));
    await ctx.state("getState of t after the delete", graph, t);
    await ctx.history("history of t after the delete", graph, t);
    await ctx.invoke("re-run t", graph, { items: ["fresh"] }, t);
    await ctx.history("history of t after the re-run", graph, t);
    await ctx.state("getState of t2", graph, t2);
    await ctx.history("history of t2", graph, t2);
  },
};

const LOOPS = 60;
let big: string | undefined;
/**
 * About 2 MB of text with emoji, NUL and other control characters, deterministic. Built on first use, not when the
 * module loads: every run imports the scenarios (the CLI checks `--graph-scenarios` against their ids), few run G21.
 */
function bigText(): string {
  big ??= Array.from({ length: 1 << 16 }, (_, i) => `${i.toString(36)}\u0000🦜é\t"\\'${"x".repeat(i % 40)}`).join("|");
  return big;
}

/** A large string compares by length, digest and both ends, so a failure stays readable. */
function fingerprint(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return {
    length: value.length,
    sha256: createHash("sha256").update(value).digest("hex").slice(0, 16),
    head: value.slice(0, 24),
    tail: value.slice(-24),
  };
}

export const G21: GraphScenario = {
  id: "G21",
  name: "long-thread-large-values",
  description: `a self-loop of ${LOOPS} steps whose last step writes a 2 MB string with emoji and NUL: steps and exact round-trip`,
  needsHistory: true,
  clauses: ["serde", "list", "parent", "writes-before-put"],
  variants: [
    { name: "async", durability: "async" },
    { name: "exit", durability: "exit" },
  ],
  async run(ctx) {
    const { lg } = ctx;
    const State = lg.Annotation.Root({ count: lg.Annotation<number>(), big: lg.Annotation<string>() });
    const graph = asGraph(
      builder(lg, State)
        // Only the last step writes the big string, so the reference saver does not copy it 60 times.
        .addNode("inc", ({ count }: { count: number }) => {
          ctx.called("inc");
          return count + 1 === LOOPS ? { count: count + 1, big: bigText() } : { count: count + 1 };
        })
        .addEdge(lg.START, "inc")
        .addConditionalEdges("inc", ({ count }: { count: number }) => (count < LOOPS ? "inc" : lg.END), ["inc", lg.END])
        .compile({ checkpointer: ctx.checkpointer }),
    );
    const cfg = ctx.thread("t");
    const show = (v: unknown) => {
      const { count, big } = (v ?? {}) as { count?: number; big?: unknown };
      return { count, big: fingerprint(big) };
    };
    await ctx.step(
      "invoke",
      () => graph.invoke({ count: 0, big: "small" }, { ...cfg, durability: ctx.durability, recursionLimit: 200 }),
      show,
    );
    const state = await ctx.step(
      "getState",
      () => graph.getState(cfg),
      (s) => ({ ...show(s.values), step: s.metadata?.step, next: s.next }),
    );
    ctx.record("the stored string equals the input exactly", (state?.values as { big?: string } | undefined)?.big === bigText());
    await ctx.step("history: count, steps of the newest and oldest", async () => {
      const steps: unknown[] = [];
      for await (const s of graph.getStateHistory(cfg)) steps.push(s.metadata?.step);
      return { count: steps.length, newest: steps[0], oldest: steps[steps.length - 1] };
    });
  },
};
