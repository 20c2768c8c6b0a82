import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate, type SaverProfile } from "../../src/index.js";
import { SPECS } from "../../src/kinds/checkpointer/checks/index.js";
import { BASELINE_PROFILES, BASELINES, type BaselineName } from "../fixtures/baselines.js";
import { mapBounded } from "../../src/util/bounded.js";
import { loadMutants } from "./load.js";
import type { Mutant } from "./types.js";

/** A spec test's identity across capabilities: `capability/test_name`. */
export type TestKey = string;

async function failingTests(
  name: string,
  create: () => BaseCheckpointSaver,
  profile: SaverProfile = "full",
  only?: readonly string[],
): Promise<{ failed: Set<TestKey>; passed: Set<TestKey> }> {
  const grep = only === undefined ? undefined : testsNamed(only);
  const report = await validate(
    checkpointerTest({ name, profile }, () => create()),
    // Serial: which tests catch a mutant is the proof, and must not depend on what ran at the same time.
    { timeoutMs: 2_000, graph: false, model: false, retries: 0, grep, concurrency: 1 },
  );
  const failed = new Set<TestKey>();
  const passed = new Set<TestKey>();
  for (const result of report.capabilityResults()) {
    for (const test of result.tests) {
      const key = `${result.capability}/${test.name}`;
      if (test.status === "failed") failed.add(key);
      if (test.status === "passed") passed.add(key);
    }
  }
  return { failed, passed };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A `grep` option that selects exactly the spec tests with these names. */
export const testsNamed = (names: readonly string[]): RegExp => new RegExp(`^(${names.map(escapeRegExp).join("|")})$`);

/**
 * `"whole"`: every mutant runs the whole suite, so `catchers` lists every test
 * that catches it (`npm run mutants`). `"declared"`: a mutant runs only the
 * tests it declares it fails; the proof is the same when every spec test is
 * declared by some mutant (the test asserts it) and takes a fraction of the time.
 */
export type MutationScope = "whole" | "declared";

export interface MutationResult {
  mutants: { mutant: Mutant; caught: Set<TestKey>; failed: Set<TestKey> }[];
  /** Every spec test in the registry. */
  allTests: TestKey[];
  /** Spec test -> the mutants that it catches. */
  catchers: Map<TestKey, string[]>;
  /** Tests that fail on their own baseline (a baseline bug, or an advisory the baseline does not meet). */
  baselineFailures: Map<BaselineName, Set<TestKey>>;
}

/**
 * Runs the whole suite on every baseline and every mutant. A test "catches" a
 * mutant when it passes on the mutant's baseline and fails on the mutant. A
 * mutant is validated with its baseline's profile (a latest-only saver's
 * mutants with "latest-only": tests not applicable to it neither pass nor fail).
 */
export async function runMutation(scope: MutationScope = "whole"): Promise<MutationResult> {
  const mutants = await loadMutants();
  const baselineRuns = new Map<BaselineName, { failed: Set<TestKey>; passed: Set<TestKey> }>();
  for (const name of Object.keys(BASELINES) as BaselineName[]) {
    baselineRuns.set(name, await failingTests(`baseline:${name}`, BASELINES[name], BASELINE_PROFILES[name]));
  }
  const allTests = Object.values(SPECS).flatMap((spec) => spec!.tests.map((t) => `${spec!.capability}/${t.name}`));
  const catchers = new Map<TestKey, string[]>(allTests.map((k) => [k, []]));
  // A mutant's run mostly computes; a few of its tests wait (a timeout, a retry), and those overlap.
  const results: MutationResult["mutants"] = await mapBounded(mutants, 4, async (mutant) => {
    const baseline = baselineRuns.get(mutant.baseline ?? "memory")!;
    const only = scope === "declared" ? mutant.catches : undefined;
    const { failed } = await failingTests(
      `mutant:${mutant.name}`,
      () => mutant.create(),
      BASELINE_PROFILES[mutant.baseline ?? "memory"],
      only,
    );
    return { mutant, caught: new Set([...failed].filter((k) => baseline.passed.has(k))), failed };
  });
  for (const { mutant, caught } of results) for (const key of caught) catchers.get(key)?.push(mutant.name);
  return {
    mutants: results,
    allTests,
    catchers,
    baselineFailures: new Map([...baselineRuns].map(([k, v]) => [k, v.failed])),
  };
}
