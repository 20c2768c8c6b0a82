import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { CAPABILITIES } from "../../src/capabilities.js";
import type { SaverProfile } from "../../src/index.js";
import { BASELINE_PROFILES, BASELINES } from "../fixtures/baselines.js";
import { loadMutants } from "../mutants/load.js";
import type { Mutant } from "../mutants/types.js";
import { loadGraphMutants } from "../mutants/graph/load.js";
import { ADVERSARIAL_MUTANTS } from "../model/adversarial-mutants.js";

/** Every saver method a bug can live in (the capability table's, plus getNextVersion). */
export const SAVER_METHODS: readonly string[] = [...CAPABILITIES.map((c) => c.method), "getNextVersion"];

/** One saver of the project with exactly one realistic bug, wherever it is declared. */
export interface SingleBugSaver {
  /** `spec:list-oldest-first`, `graph:latest-by-step`, `model:like-list-thread`. */
  id: string;
  bug: string;
  /** The methods whose code holds the bug: a report's first cause should name one of them. */
  methods: readonly string[];
  profile: SaverProfile;
  /** Graph scenarios to run (graph mutants only: their bug may show only in a graph). */
  graphScenarios?: readonly string[];
  create(): BaseCheckpointSaver;
}

/** `put-writes-…` is putWrites'; the prefixes that name a method say so, the others (`ord-`, `val-`, …) do not. */
const METHOD_PREFIXES: readonly [string, string][] = [
  ["put-writes-", "putWrites"],
  ["get-tuple-", "getTuple"],
  ["get-next-version-", "getNextVersion"],
  ["put-", "put"],
  ["list-", "list"],
  ["flt-", "list"],
  ["delete-thread-", "deleteThread"],
  ["dfr-", "deleteForRuns"],
  ["ct-", "copyThread"],
  ["pr-", "prune"],
  ["dch-", "getDeltaChannelHistory"],
];

/** Internals a mutant may override instead of a public method, and the public methods they serve. */
const INTERNALS: readonly [string, readonly string[]][] = [
  ["_orderedWrites", ["getTuple", "list"]],
  ["hasChannel", ["getTuple", "list"]],
  ["refsOfRuns", ["deleteForRuns"]],
  ["get", ["get"]],
];

/**
 * The methods a mutant's bug is in: the one its name starts with, else every
 * method (or internal, by what it serves) its saver class overrides compared
 * with a correct saver, else its serializer's users (put and putWrites) when
 * the serializer differs. A mutant may name them itself (`methods`).
 */
export function brokenMethods(name: string, saver: BaseCheckpointSaver, baseline: BaseCheckpointSaver, declared?: readonly string[]): string[] {
  if (declared && declared.length > 0) return [...declared];
  const prefixed = METHOD_PREFIXES.find(([prefix]) => name.startsWith(prefix));
  if (prefixed) return [prefixed[1]];
  const methodOf = (s: BaseCheckpointSaver, m: string) => (s as unknown as Record<string, unknown>)[m];
  const differs = (m: string) => methodOf(saver, m) !== methodOf(baseline, m);
  const overridden = [...SAVER_METHODS.filter(differs), ...INTERNALS.filter(([internal]) => differs(internal)).flatMap(([, serves]) => serves)];
  if (overridden.length > 0) return [...new Set(overridden)];
  return saver.serde.constructor !== baseline.serde.constructor ? ["put", "putWrites"] : [];
}

/** A spec mutant (`test/mutants/*.mutant.ts`) as a single-bug saver. */
export function specSingleBugSaver(m: Mutant): SingleBugSaver {
  const baseline = m.baseline ?? "memory";
  return {
    id: `spec:${m.name}`,
    bug: m.bug,
    methods: brokenMethods(m.name, m.create(), BASELINES[baseline](), m.methods),
    profile: BASELINE_PROFILES[baseline] ?? "full",
    create: () => m.create(),
  };
}

/** The spec, graph and model mutants of the project, each as a single-bug saver. */
export async function singleBugSavers(): Promise<SingleBugSaver[]> {
  const out: SingleBugSaver[] = (await loadMutants()).map(specSingleBugSaver);
  for (const m of await loadGraphMutants()) {
    out.push({
      id: `graph:${m.name}`,
      bug: m.bug,
      methods: brokenMethods(m.name, m.create(), BASELINES.memory(), m.methods),
      profile: "full",
      graphScenarios: m.catches,
      create: () => m.create(),
    });
  }
  for (const m of ADVERSARIAL_MUTANTS) {
    out.push({ id: `model:${m.name}`, bug: m.bug, methods: brokenMethods(m.name, m.create(), BASELINES.memory()), profile: "full", create: () => m.create() });
  }
  return out;
}
