import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { firstDivergence, type Divergence } from "./compare.js";
import type { LangGraph } from "./langgraph.js";
import { LatencySaver } from "./latency-saver.js";
import { runScenario, type RunSubjects } from "./run-scenario.js";
import type { GraphScenario, ScenarioVariant, TranscriptEntry } from "./types.js";

/** Both transcripts of one scenario case and where they first differ. */
export interface DifferentialRun {
  expected: TranscriptEntry[];
  actual: TranscriptEntry[];
  divergence?: Divergence;
}

/** The variants a scenario runs in: its own, or one default async run. */
export function variantsOf(scenario: GraphScenario): readonly ScenarioVariant[] {
  return scenario.variants ?? [{ name: "async" }];
}

/** `G02[exit]`; just `G02` for a scenario with one default variant. */
export function caseId(scenario: GraphScenario, variant: ScenarioVariant): string {
  return scenario.variants ? `${scenario.id}[${variant.name}]` : scenario.id;
}

/**
 * Runs a scenario case on a fresh MemorySaver (the reference) and on the saver
 * under test, then compares the normalised transcripts. `latencyMs` (the
 * variant's, else the option's) slows the saver under test only. With
 * `latestOnly`, snapshots' parents are not compared (a shallow saver keeps none).
 * `subjects` are the store and cache under test (product runs); the reference
 * gets a fresh InMemoryStore, and a fresh InMemoryCache unless the run under
 * test has none (`cache: null`), so a cacheless run is compared with a cacheless one.
 */
export async function runDifferential(
  scenario: GraphScenario,
  variant: ScenarioVariant,
  lg: LangGraph,
  saver: BaseCheckpointSaver,
  options: { latencyMs?: number; latestOnly?: boolean } = {},
  subjects: RunSubjects = {},
): Promise<DifferentialRun> {
  const expected = await referenceTranscript(scenario, variant, lg, options.latestOnly === true, subjects.cache === null);
  const latency = variant.latencyMs ?? options.latencyMs;
  const underTest = latency ? new LatencySaver(saver, latency) : saver;
  const actual = await runScenario(scenario, variant, lg, underTest, options, subjects);
  return { expected, actual, divergence: firstDivergence(expected, actual) };
}

/** Reference transcripts already run in this process, per LangGraph module: `G02|exit|latest-only|no-cache`. */
const references = new WeakMap<LangGraph, Map<string, Promise<TranscriptEntry[]>>>();

/**
 * The MemorySaver reference of a case, run once per process: every case is deterministic on
 * MemorySaver (scripts/graph-determinism.ts proves it, test/graph/determinism.test.ts checks the
 * proof), so each backend, product combination and shard compares with the same transcript
 * without running it again. A reference run that fails is not kept.
 */
async function referenceTranscript(
  scenario: GraphScenario,
  variant: ScenarioVariant,
  lg: LangGraph,
  latestOnly: boolean,
  withoutCache: boolean,
): Promise<TranscriptEntry[]> {
  const byCase = references.get(lg) ?? new Map<string, Promise<TranscriptEntry[]>>();
  references.set(lg, byCase);
  const key = [scenario.id, variant.name, latestOnly ? "latest-only" : "history", withoutCache ? "no-cache" : "with-cache"].join("|");
  let run = byCase.get(key);
  if (!run) {
    run = runScenario(scenario, variant, lg, new lg.MemorySaver(), { latestOnly }, { cache: withoutCache ? null : undefined });
    byCase.set(key, run);
    run.catch(() => byCase.delete(key));
  }
  return structuredClone(await run);
}
