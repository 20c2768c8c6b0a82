import { randomUUID } from "node:crypto";
import type { RunnableConfig } from "@langchain/core/runnables";
import { InMemoryCache, type BaseCache, type BaseCheckpointSaver, type BaseStore } from "@langchain/langgraph-checkpoint";
import type { StateSnapshot } from "@langchain/langgraph";
import { listAllAsync } from "./history.js";
import type { LangGraph } from "./langgraph.js";
import { IdLabels } from "./normalise.js";
import { withParallelTasks } from "./parallel-tasks.js";
import type { ScenarioContext } from "./scenario-context.js";
import type { GraphScenario, ScenarioVariant, TranscriptEntry } from "./types.js";

/** The store and cache a run uses: given, else a fresh InMemoryStore and InMemoryCache; `cache: null` runs without one. */
export interface RunSubjects {
  store?: BaseStore;
  cache?: BaseCache | null;
}

/**
 * Runs a scenario once on `checkpointer` and returns its normalised transcript.
 * Steps that throw are recorded (as `{threw}`) and the scenario goes on, so the
 * comparison can point at the first step where two runs differ.
 */
export async function runScenario(
  scenario: GraphScenario,
  variant: ScenarioVariant,
  lg: LangGraph,
  checkpointer: BaseCheckpointSaver,
  mode: { latestOnly?: boolean } = {},
  subjects: RunSubjects = {},
): Promise<TranscriptEntry[]> {
  return withParallelTasks(() => runScenarioNow(scenario, variant, lg, checkpointer, mode, subjects));
}

async function runScenarioNow(
  scenario: GraphScenario,
  variant: ScenarioVariant,
  lg: LangGraph,
  checkpointer: BaseCheckpointSaver,
  mode: { latestOnly?: boolean },
  subjects: RunSubjects,
): Promise<TranscriptEntry[]> {
  const entries: TranscriptEntry[] = [];
  const ids = new IdLabels(!mode.latestOnly);
  const counts = new Map<string, number>();
  const run = randomUUID();
  const durability = variant.durability ?? "async";
  const record = (label: string, value: unknown) => entries.push({ label, value });

  const step = async <T>(label: string, work: () => Promise<T>, show: (result: T) => unknown = (r) => ids.value(r)) => {
    try {
      const result = await work();
      record(label, show(result));
      return result;
    } catch (error) {
      record(label, ids.error(error));
      return undefined;
    }
  };

  const ctx: ScenarioContext = {
    lg,
    checkpointer,
    store: subjects.store ?? new lg.InMemoryStore(),
    cache: subjects.cache === null ? undefined : (subjects.cache ?? new InMemoryCache()),
    variant,
    durability,
    // Thread ids share the run's prefix, so "t" is a prefix of "t2" (savers that match threads by prefix show it).
    thread: (label) => ({ configurable: { thread_id: `${run}:${label}` } }),
    called: (node) => void counts.set(node, (counts.get(node) ?? 0) + 1),
    calls: (node) => counts.get(node) ?? 0,
    invoke: (label, graph, input, config, extra = {}) =>
      step(
        label,
        () => graph.invoke(input, { ...config, durability, ...extra }),
        (out) => ids.output(out),
      ),
    step,
    state: (label, graph, config, options) =>
      step(
        label,
        () => graph.getState(config, options),
        (s) => ids.snapshot(s),
      ),
    history: async (label, graph, config, options) => {
      if (mode.latestOnly) {
        // A latest-only saver's history is its head: only that is compared, and a filtered history not at all.
        if (options !== undefined) {
          record(label, "(not compared: latest-only)");
          return [];
        }
        const head = await step(
          `${label} (its head: latest-only)`,
          async () => {
            const iterator = graph.getStateHistory(config);
            try {
              return (await iterator.next()).value as StateSnapshot | undefined;
            } finally {
              await iterator.return?.(undefined);
            }
          },
          (s) => (s ? ids.snapshot(s) : null),
        );
        return head ? [head] : [];
      }
      const snapshots = await step(
        label,
        () => listAllAsync(graph.getStateHistory(config, options)),
        (list: StateSnapshot[]) => list.map((s) => ids.snapshot(s)),
      );
      return snapshots ?? [];
    },
    update: (label, graph, config, values, asNode) =>
      step(
        label,
        () => graph.updateState(config, values, asNode),
        (c: RunnableConfig) => ids.config(c),
      ),
    record: (label, value) => record(label, ids.value(value)),
  };
  await scenario.run(ctx);
  record("node calls", Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : 1))));
  return entries;
}
