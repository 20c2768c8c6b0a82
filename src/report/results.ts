import { ALL_CAPABILITY_IDS, type CapabilityId } from "../kinds/descriptors.js";
import type { KindCapabilityInfo } from "../kinds/types.js";
import type { CatalogId } from "../kinds/checkpointer/checks/types.js";
import type { SlowCall } from "../runtime/slow-call.js";

/** Why a test failed, in the words a saver author needs. @public */
export interface FailureInfo {
  /** The clause in plain words and expected vs actual, several lines. */
  message: string;
  /** The error's class (`ConformanceError`, `TimeoutError`, `TypeError`, ...). */
  errorName: string;
  /** True when the saver itself threw (rather than an assertion failing). */
  thrownBySaver: boolean;
  stack?: string;
  /** The first stack frames of the saver's error in the user's code (not node_modules, Node or this package). */
  frames?: string[];
  /** The test failed with other tests running at once and passed when run alone: a concurrency bug of the saver (still a failure). */
  concurrencyOnly?: true;
}

/**
 * One spec test's outcome. `deviation` is set when the registration declared
 * this test (or one of its ids) a known deviation: a failure then is reported
 * as that deviation, not counted against the capability.
 * @public
 */
export type TestResult = TestOutcome & {
  deviation?: string;
  /** What the saver wrote to stdout/stderr during this test (set by the supervised CLI run, which captures it). */
  output?: string;
  /** How many times the test ran, when a failure was retried (each attempt on the capability's saver). */
  attempts?: number;
  /** Failed on every attempt, not the same way each time (another message, another error): shown with the attempts, where a deterministic failure is not. */
  attemptsDiffered?: true;
  /**
   * The test failed, then passed on a retry: its first failure. A flaky test is
   * `failed` (its `failure` is that first failure) unless the run allowed flaky
   * results (`allowFlaky`), then `passed`.
   */
  flaky?: FailureInfo;
  /** Passed: with other tests running this call took longer than the timeout and settled, and the test passed run alone (docs/verdict.md#concurrency). */
  slowUnderLoad?: SlowCall;
};

/** A step of a test that exercised another capability failed: the test's own clause was not checked. @public */
export interface PreconditionFailure {
  /** The capability the failing step used (e.g. `list` for a delete_thread test that lists before deleting). */
  capability: CapabilityId;
  /** The step in plain words and what went wrong: the whole failure message. */
  message: string;
}

type TestOutcome =
  | { status: "passed"; name: string; ids: readonly CatalogId[]; description: string; advisory: boolean; durationMs: number }
  | {
      status: "failed";
      name: string;
      ids: readonly CatalogId[];
      description: string;
      advisory: boolean;
      durationMs: number;
      failure: FailureInfo;
    }
  | {
      status: "skipped";
      name: string;
      ids: readonly CatalogId[];
      description: string;
      advisory: boolean;
      reason: string;
      /** Not checked because a precondition on another capability failed (docs/verdict.md: it does not fail its own capability). */
      precondition?: PreconditionFailure;
    };

interface CapabilityResultBase {
  capability: CapabilityId;
  kind: KindCapabilityInfo["kind"];
  /** Python's `detected`: the saver has its own method for it. */
  detected: boolean;
  /** Only the base class's default (delta_channel_history): tested through it, shown as "inherited". */
  inherited: boolean;
  tests: TestResult[];
  durationMs: number;
}

/**
 * A capability's outcome: a tagged union on `status`, never a tri-state boolean.
 * @public
 */
export type CapabilityResult =
  | (CapabilityResultBase & { status: "passed" })
  | (CapabilityResultBase & { status: "failed" })
  | (CapabilityResultBase & { status: "not-implemented"; reason: string })
  | (CapabilityResultBase & {
      status: "skipped";
      reason: string;
      /** Outside what the run was asked to check (the capabilities option, grep): not part of the verdict. */
      excluded?: boolean;
      /** Begun, and stopped by an interrupt before it completed: `tests` holds what finished and what was not run. */
      interrupted?: true;
    });

/** A failure that counts against its capability: not advisory, not a declared deviation. */
export function isCountedFailure(t: TestResult): t is Extract<TestResult, { status: "failed" }> {
  return t.status === "failed" && !t.advisory && t.deviation === undefined;
}

/** A declared deviation that did occur. */
export function isDeviation(t: TestResult): t is Extract<TestResult, { status: "failed" }> {
  return t.status === "failed" && !t.advisory && t.deviation !== undefined;
}

/** Not checked because a step through another capability failed. */
export function isNotChecked(t: TestResult): t is Extract<TestResult, { status: "skipped" }> & { precondition: PreconditionFailure } {
  return t.status === "skipped" && t.precondition !== undefined;
}

export function countsOf(result: CapabilityResult): { passed: number; failed: number; skipped: number } {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const t of result.tests) {
    if (t.advisory) continue;
    if (t.status === "passed") passed++;
    else if (isCountedFailure(t)) failed++;
    else if (t.status === "skipped") skipped++;
  }
  if (result.status === "not-implemented" || result.status === "skipped") skipped = Math.max(skipped, 1);
  return { passed, failed, skipped };
}

/**
 * Counts toward the verdict and the level: the capability was checked (it
 * passed or failed). A saver that could not be created fails its capabilities;
 * a capability not implemented or skipped is not counted.
 */
export function countsTowardLevel(result: CapabilityResult): boolean {
  return result.status === "passed" || result.status === "failed";
}

/** A capability result before the runner stamps its id, kind and duration. */
export type CapabilityDraft = CapabilityResult extends infer R
  ? R extends CapabilityResult
    ? Omit<R, "capability" | "kind" | "durationMs">
    : never
  : never;

/**
 * How the test's attempts went, for every reporter, only where they differed:
 * `FLAKY: failed, then passed (2 attempts)`, `failed 2 times, not the same way
 * each time`, or "" for a test that ran once or failed the same way every time
 * (a deterministic failure: its count is in the JSON report's `attempts`).
 */
export function attemptsLabel(test: TestResult): string {
  const attempts = test.attempts ?? 1;
  if (test.flaky !== undefined) return `FLAKY: failed, then passed (${attempts} attempts${test.status === "passed" ? "; allowed" : ""})`;
  return test.status === "failed" && attempts > 1 && test.attemptsDiffered ? `failed ${attempts} times, not the same way each time` : "";
}

/** ` — <attemptsLabel>` when there is one, for a failure's heading line. */
export function attemptsSuffix(test: TestResult): string {
  const label = attemptsLabel(test);
  return label === "" ? "" : ` — ${label}`;
}

type Results = Partial<Record<CapabilityId, CapabilityResult>>;
export type FailedTest = Extract<TestResult, { status: "failed" }>;
type SkippedTest = Extract<TestResult, { status: "skipped" }>;

/** The capability results in the capability table's order. */
export function capabilityResultsOf(results: Results): CapabilityResult[] {
  return ALL_CAPABILITY_IDS.map((id) => results[id]).filter((r): r is CapabilityResult => r !== undefined);
}

/** Every failed, non-advisory test, across capabilities. */
export function failuresOf(results: Results): { capability: CapabilityId; test: FailedTest }[] {
  return capabilityResultsOf(results).flatMap((r) => r.tests.filter(isCountedFailure).map((test) => ({ capability: r.capability, test })));
}

/** Tests not checked because a precondition on another capability failed ("see <capability>"). */
export function notCheckedOf(results: Results): { capability: CapabilityId; test: SkippedTest & { precondition: PreconditionFailure } }[] {
  return capabilityResultsOf(results).flatMap((r) => r.tests.filter(isNotChecked).map((test) => ({ capability: r.capability, test })));
}

/** Tests that failed, then passed on a retry. */
export function flakyOf(results: Results): { capability: CapabilityId; test: TestResult & { flaky: FailureInfo } }[] {
  return capabilityResultsOf(results).flatMap((r) =>
    r.tests
      .filter((t): t is TestResult & { flaky: FailureInfo } => t.flaky !== undefined)
      .map((test) => ({ capability: r.capability, test })),
  );
}
