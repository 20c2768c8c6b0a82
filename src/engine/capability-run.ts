import { requiredOfEverySaver } from "../kinds/checkpointer/capabilities.js";
import { capabilityInfoIn } from "../kinds/descriptors.js";
import {
  isCountedFailure,
  isNotChecked,
  type CapabilityDraft,
  type CapabilityResult,
  type TestResult,
} from "../report/conformance-report.js";
import { errorText } from "../util/describe-value.js";
import type { AnySpecTest, CapabilityPlan, RunPlan } from "./run-plan.js";
import type { ProgressHooks } from "../run/progress.js";
import { runSpecTest, testMeta } from "./run-spec-test.js";
import { SubjectCreationError, withSubject } from "../runtime/lease.js";
import { framesBlock } from "../runtime/user-frames.js";
import { isTimeout, retryFailure } from "./retry.js";
import { runSchedule } from "./test-schedule.js";
import { TestBudget } from "../run/test-budget.js";
import { mapBounded } from "../util/bounded.js";

/** After this many spec tests in a row time out, the saver is taken to have stopped answering. */
export const CONSECUTIVE_TIMEOUTS_TO_STOP = 3;

/** Why a capability that ran only advisory or skipped spec tests is not part of the verdict. */
export const NOTHING_REQUIRED_REASON = "nothing required was checked: every selected spec test was advisory or skipped";

/** The description of the results that are about the saver's lifecycle (factory, cleanup, a missing base method), not a spec test. */
export const LIFECYCLE_DESCRIPTION = "the saver's lifecycle";

/**
 * One capability of a run, the same in every entry point: a fresh saver,
 * detection, the planned spec tests (several at once under the run's
 * `budget` of tests in flight: test-schedule.ts; stopping once the saver
 * stopped answering), the "throws not implemented" rule, then the factory's
 * cleanup. Never throws: every problem is a result.
 */
export async function runCapability(
  plan: RunPlan,
  capability: CapabilityPlan,
  progress: ProgressHooks = {},
  budget = new TestBudget(plan.concurrency),
): Promise<CapabilityResult> {
  const started = performance.now();
  const finish = (draft: CapabilityDraft): CapabilityResult => {
    const result = {
      ...draft,
      capability: capability.capability,
      kind: capability.kind,
      durationMs: performance.now() - started,
    } as CapabilityResult;
    progress.onCapabilityEnd?.(capability.capability, result);
    return result;
  };
  const report = (result: TestResult) => {
    const error = result.status === "failed" ? result.failure.message : undefined;
    progress.onTestResult?.(capability.capability, result.name, result.status === "passed", error, result);
  };
  if (capability.skip) {
    progress.onCapabilityStart?.(capability.capability, false);
    const { reason, excluded } = capability.skip;
    return finish({ status: "skipped", reason, detected: false, inherited: false, tests: [], ...(excluded ? { excluded } : {}) });
  }
  const cleanupFailures: TestResult[] = [];
  let draft: CapabilityDraft;
  try {
    draft = await withSubject(
      plan.registered,
      // Its creation and cleanup are work in flight of the run, judged by the grace rule as the rest (src/runtime/slow-call.ts).
      { timeoutMs: plan.timeoutMs, load: budget.subjectStepsLoad() },
      async (subject: object) => {
        try {
          return await runTests(plan, capability, subject, progress, report, budget);
        } catch (error) {
          // A bug in the engine itself: still reported, and cleanup still runs.
          return { status: "failed", detected: false, inherited: false, tests: [lifecycleFailure("runner", errorText(error), error)] };
        }
      },
      {
        onCleanupFailure: (error) => {
          const test = lifecycleFailure("factory_cleanup", `the factory's cleanup failed: ${errorText(error)}${framesBlock(error)}`, error);
          report(test);
          cleanupFailures.push(test);
        },
      },
    );
  } catch (error) {
    const cause = error instanceof SubjectCreationError ? error.cause : error;
    progress.onCapabilityStart?.(capability.capability, false);
    const test = lifecycleFailure(
      "factory",
      `the factory failed to produce a ${plan.subjectKind.noun}: ${errorText(cause)}${framesBlock(cause)}`,
      cause,
    );
    report(test);
    return finish({ status: "failed", detected: false, inherited: false, tests: [test] });
  }
  if (cleanupFailures.length > 0) draft = { ...draft, status: "failed", tests: [...draft.tests, ...cleanupFailures] } as CapabilityDraft;
  return finish(draft);
}

/**
 * The plan's capabilities, several at once (up to `concurrency`, each on its
 * own fresh saver) under the one `budget` of tests in flight; the results in
 * the plan's order.
 */
export function runCapabilities(plan: RunPlan, progress: ProgressHooks, budget: TestBudget): Promise<CapabilityResult[]> {
  return mapBounded(plan.capabilities, plan.concurrency, (capability) => runCapability(plan, capability, progress, budget));
}

async function runTests(
  plan: RunPlan,
  capability: CapabilityPlan,
  subject: object,
  progress: ProgressHooks,
  report: (result: TestResult) => void,
  budget: TestBudget,
): Promise<CapabilityDraft> {
  const info = capabilityInfoIn(plan.subjectKind, capability.capability);
  const detection = plan.subjectKind.detect(subject, capability.capability, plan.registered.options);
  const runs = detection.kind === "detected" || detection.kind === "inherited";
  const inherited = detection.kind === "inherited";
  progress.onCapabilityStart?.(capability.capability, runs);
  if (!runs) {
    if (info.kind === "base") {
      const test = lifecycleFailure(`${info.method}_exists`, requiredOfEverySaver(info, detection.reason, plan.subjectKind.noun));
      report(test);
      return { status: "failed", detected: false, inherited: false, tests: [test] };
    }
    return { status: "not-implemented", reason: detection.reason, detected: false, inherited: false, tests: [] };
  }
  let timeoutsInARow = 0;
  // Once stopped, stay stopped: a test left out (not run) does not reset the count.
  let stoppedAnswering = false;
  const stopped = () => stoppedAnswering;
  // With several tests in flight, the test in flight (what a process exit or crash, or the saver's output, is
  // attributed to) is the one whose saver call started last, in the whole run: announced again whenever that changes,
  // whichever capability it is of (a crash inside a call is that call's test's).
  const announced = lastAnnounced(progress);
  const announce = (test: AnySpecTest) => {
    if (announced.capability === capability.capability && announced.test === test.name) return;
    Object.assign(announced, { capability: capability.capability, test: test.name });
    progress.onTestStart?.(capability.capability, test.name);
  };
  const run = (test: AnySpecTest, alone = true) =>
    runSpecTest({
      registered: plan.registered,
      subjectKind: plan.subjectKind,
      capability: capability.capability,
      test,
      subject,
      timeoutMs: plan.timeoutMs,
      profile: plan.profile,
      skipTests: plan.skipTests,
      ...(plan.concurrency > 1 ? { onCallStart: () => announce(test) } : {}),
      // With others in flight (a test's first attempt run together), a call past the timeout gets the grace (src/runtime/slow-call.ts).
      ...(alone ? {} : { load: budget.loadWatch() }),
    });
  const tests = await runSchedule(capability.tests, budget, {
    first: async (test, alone) => {
      if (stopped()) return undefined;
      Object.assign(announced, { capability: capability.capability, test: test.name });
      progress.onTestStart?.(capability.capability, test.name);
      return run(test, alone);
    },
    isStall: isTimeout,
    stopped,
    // A timeout is not retried (retry.ts): no use running it alone.
    rerunAlone: (together) => !isTimeout(together),
    retry: (test, first, aloneAgain) => {
      let ran = aloneAgain;
      const again = () => {
        const taken = ran;
        ran = undefined;
        return taken ? Promise.resolve(taken) : run(test);
      };
      return retryFailure(plan, first, again);
    },
    notRun: (test) => notRunAfterStop(plan, test),
    done: (_test, result) => {
      timeoutsInARow = isTimeout(result) ? timeoutsInARow + 1 : 0;
      if (timeoutsInARow >= CONSECUTIVE_TIMEOUTS_TO_STOP) stoppedAnswering = true;
    },
    // As soon as a result is final (a passing test run with others: when it ends), not held for the tests before it.
    settled: (_test, result) => {
      report(result);
      announced.test = undefined; // a result ends the test in flight for progress consumers: the next call names its test again
    },
  });
  const notImplemented = info.kind === "extended" ? throwsNotImplemented(tests, info.method) : undefined;
  if (notImplemented) return { status: "not-implemented", reason: notImplemented, detected: !inherited, inherited, tests: [] };
  // Advisory tests never fail: a capability whose selected tests were all advisory or skipped checked nothing (docs/verdict.md).
  if (!tests.some((t) => !t.advisory && (t.status !== "skipped" || isNotChecked(t)))) {
    return { status: "skipped", reason: NOTHING_REQUIRED_REASON, excluded: true, detected: !inherited, inherited, tests };
  }
  return { status: tests.some(isCountedFailure) ? "failed" : "passed", detected: !inherited, inherited, tests };
}

/** The test last announced to a run's progress hooks (one per run: its capabilities share the hooks). */
const announcedTo = new WeakMap<ProgressHooks, { capability?: string; test?: string }>();

function lastAnnounced(progress: ProgressHooks): { capability?: string; test?: string } {
  let last = announcedTo.get(progress);
  if (!last) announcedTo.set(progress, (last = {}));
  return last;
}

/** Why a test is not run once the saver stopped answering (the reason of its skipped result). */
export function stoppedAnsweringReason(noun: string, timeoutMs: number): string {
  return `not run: the ${noun} stopped answering (${CONSECUTIVE_TIMEOUTS_TO_STOP} tests in a row timed out after ${timeoutMs} ms each; the rest of this capability was not run)`;
}

/**
 * A spec test left out because the saver stopped answering: not run, never a
 * failure of its own (the timeouts before it are the failures), so a hung saver
 * is judged in seconds, not minutes, and its verdict names only the hang.
 */
function notRunAfterStop({ registered, subjectKind, timeoutMs }: RunPlan, test: AnySpecTest): TestResult {
  return { ...testMeta(registered, test), status: "skipped", reason: stoppedAnsweringReason(subjectKind.noun, timeoutMs) };
}

export function lifecycleFailure(name: string, message: string, error?: unknown): TestResult {
  return {
    status: "failed",
    name,
    ids: [],
    description: LIFECYCLE_DESCRIPTION,
    advisory: false,
    durationMs: 0,
    failure: { message, errorName: error instanceof Error ? error.name : "Error", thrownBySaver: true },
  };
}

/** An extended method that only throws "not implemented" is reported as not implemented. */
function throwsNotImplemented(tests: readonly TestResult[], method: string): string | undefined {
  const required = tests.filter((t) => !t.advisory && t.status !== "skipped");
  if (required.length === 0) return undefined;
  const allNotImplemented = required.every(
    (t) => t.status === "failed" && t.failure.thrownBySaver && /not\s*implemented/i.test(t.failure.message),
  );
  return allNotImplemented ? `${method}() exists but throws "not implemented" in every test` : undefined;
}
