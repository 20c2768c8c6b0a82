import type { TestResult } from "../report/conformance-report.js";
import { isCountedFailure } from "../report/results.js";
import { mapBounded } from "../util/bounded.js";
import { isTransportErrorText } from "../runtime/cause-chain.js";
import type { AnySpecTest } from "./run-plan.js";
import type { TestBudget } from "../run/test-budget.js";

/** Appended to a failure seen only with other tests running: the same test run alone passed. */
export const CONCURRENCY_ONLY_NOTE =
  "fails only when run concurrently with other tests (passes alone): a concurrency bug of the saver (LangGraph runs parallel nodes at once; run with --concurrency 1 to see the rest as a serial run does)";

/** How the schedule runs one test and keeps what it came to. */
export interface ScheduleSteps {
  /** The test's first attempt (with others running when `alone` is false); undefined when it must not run (the saver stopped answering). */
  first(test: AnySpecTest, alone: boolean): Promise<TestResult | undefined>;
  /**
   * Retries a failure as a serial run does (retry.ts). `aloneAgain`: the test
   * failed with others running (`first`), then again alone: that run is its
   * first retry.
   */
  retry(test: AnySpecTest, first: TestResult, aloneAgain?: TestResult): Promise<TestResult>;
  /** The result timed out (or was not run because the saver stopped answering). */
  isStall(result: TestResult): boolean;
  /** The saver stopped answering (see capability-run.ts): a test that has not run is not run. */
  stopped(): boolean;
  /** Whether a test that failed with others running is worth running alone (not a timeout right after another). */
  rerunAlone(together: TestResult): boolean;
  /** The result of a test that did not run. */
  notRun(test: AnySpecTest): TestResult;
  /** A result is final (called in the tests' order). */
  done(test: AnySpecTest, result: TestResult): void;
  /**
   * A result is final, told as soon as it is: a test run with others that passed is final when it ends, before
   * the tests before it (live progress); every other one with `done`. Once per test, never after its `done`.
   */
  settled(test: AnySpecTest, result: TestResult): void;
}

/**
 * Runs a capability's tests under the run's budget (test-budget.ts: at most
 * `concurrency` tests in flight in the whole run, whichever capability they
 * are of): a stretch of tests that isolate themselves runs together; a test
 * marked `exclusive` waits for it and runs alone on its capability's saver
 * (other capabilities' tests run meanwhile, each on its own saver: fresh
 * savers share nothing, ISO-01). A test that failed with others in flight
 * runs again alone in the whole run: failing alone too, that run is its
 * first retry, as in a serial run; passing alone, it stays failed, with
 * CONCURRENCY_ONLY_NOTE (a flaky failure, too, reads so: it cannot be told
 * apart from a race), unless it timed out (then FLAKY, as a serial run's
 * timeout that passes on its retry). A test that passed with others in
 * flight only because a call got the grace (slow under load) runs alone too,
 * and passes only if it passes alone. Retries run alone in the whole run too.
 * Once a test times out with others running, the rest of the stretch runs
 * alone, so a hung saver is stopped as in a serial run. Results are final in
 * the tests' order, so reports read as a serial run's; each one is told
 * (`settled`) as soon as it is final, for live progress. With a budget of 1
 * every test runs alone: exactly the serial run.
 */
export async function runSchedule(tests: readonly AnySpecTest[], budget: TestBudget, steps: ScheduleSteps): Promise<TestResult[]> {
  const results: TestResult[] = [];
  const told = new Set<AnySpecTest>();
  const settle = (test: AnySpecTest, result: TestResult) => {
    if (told.has(test)) return;
    told.add(test);
    steps.settled(test, result);
  };
  const finish = (test: AnySpecTest, result: TestResult) => {
    results.push(result);
    settle(test, result);
    steps.done(test, result);
  };
  const retried = (test: AnySpecTest, first: TestResult) =>
    isCountedFailure(first) ? budget.alone(() => steps.retry(test, first)) : steps.retry(test, first);
  const alone = async (test: AnySpecTest, first?: TestResult) => {
    first ??= (await budget.one(() => steps.first(test, true))).value;
    finish(test, first ? await retried(test, first) : steps.notRun(test));
  };
  for (let i = 0; i < tests.length; ) {
    const test = tests[i]!;
    if (budget.size === 1 || test.exclusive) {
      await alone(test);
      i++;
      continue;
    }
    let end = i;
    while (end < tests.length && !tests[end]!.exclusive) end++;
    const stretch = tests.slice(i, end);
    const together = await runTogether(stretch, budget, steps, settle);
    for (const [k, t] of stretch.entries()) {
      const attempt = together[k];
      if (!attempt) await alone(t);
      // Passed only because a call got the grace with others in flight: it must pass alone too.
      else if (attempt.result.slowUnderLoad) finish(t, await budget.alone(() => confirmAlone(t, attempt.result, steps)));
      // A stall after the saver stopped answering: a serial run would not have run it.
      else if (steps.isStall(attempt.result) && steps.stopped()) finish(t, steps.notRun(t));
      // An attempt nothing else overlapped ran alone: its failure is retried as in a serial run.
      else if (!attempt.overlapped) await alone(t, attempt.result);
      else
        finish(
          t,
          isCountedFailure(attempt.result)
            ? await budget.alone(() => settleAlone(t, attempt.result, steps))
            : await steps.retry(t, attempt.result),
        );
    }
    i = end;
  }
  return results;
}

/**
 * The first attempts of a stretch, each holding a slot of the budget, long
 * chains started first (and ahead of the other capabilities' tests waiting
 * for the budget); none (undefined) once one timed out. In the stretch's order.
 */
async function runTogether(
  stretch: readonly AnySpecTest[],
  budget: TestBudget,
  steps: ScheduleSteps,
  settle: (test: AnySpecTest, result: TestResult) => void,
) {
  let stalled = false;
  const attempts = new Array<{ result: TestResult; overlapped: boolean } | undefined>(stretch.length);
  const startOrder = [...stretch.keys()].sort((a, b) => Number(stretch[b]!.longChain ?? false) - Number(stretch[a]!.longChain ?? false));
  await mapBounded(startOrder, budget.size, async (k) => {
    if (stalled) return;
    const { value: result, overlapped } = await budget.one(() => (stalled ? Promise.resolve(undefined) : steps.first(stretch[k]!, false)), {
      first: stretch[k]!.longChain ?? false,
    });
    if (!result) return;
    if (steps.isStall(result)) stalled = true;
    attempts[k] = { result, overlapped };
    // Final as it is (runSchedule keeps it): nothing failed that a run alone or a retry could change, and no call needed the grace.
    if (!isCountedFailure(result) && !steps.isStall(result) && !result.slowUnderLoad) settle(stretch[k]!, result);
  });
  return attempts;
}

/**
 * A test that passed with others in flight, one of its calls slower than the
 * timeout (it got the grace: src/runtime/slow-call.ts), run alone as a serial
 * run would run it: passing, it passes with the slow call as a note (slow
 * under load, not a hang); failing, that run is its first attempt and is
 * retried as in a serial run. The caller holds the whole budget.
 */
async function confirmAlone(test: AnySpecTest, together: TestResult, steps: ScheduleSteps): Promise<TestResult> {
  const alone = await steps.first(test, true);
  if (!alone) return steps.notRun(test);
  if (alone.status === "passed") return { ...alone, ...(together.slowUnderLoad ? { slowUnderLoad: together.slowUnderLoad } : {}) };
  return steps.retry(test, alone);
}

/** What a test that failed with others in flight comes to, once it ran alone (the caller holds the whole budget). */
async function settleAlone(test: AnySpecTest, together: TestResult, steps: ScheduleSteps): Promise<TestResult> {
  if (!isCountedFailure(together) || !steps.rerunAlone(together)) return steps.retry(test, together);
  const alone = await steps.first(test, true);
  if (!alone) return together;
  // A timeout with others running that passes alone is what a slow or loaded machine does too, and a lost connection what a network does: FLAKY, as in a serial run.
  if (alone.status !== "passed" || steps.isStall(together) || isTransportErrorText(together.failure.message))
    return steps.retry(test, together, alone);
  return {
    ...together,
    failure: { ...together.failure, message: `${together.failure.message}\n${CONCURRENCY_ONLY_NOTE}`, concurrencyOnly: true },
  };
}
