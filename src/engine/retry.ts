import { isCountedFailure, type TestResult } from "../report/results.js";
import type { RunPlan } from "./run-plan.js";

type FailedTest = Extract<TestResult, { status: "failed" }>;

/**
 * Runs a spec test again after a counted failure, up to `plan.retries` times,
 * on the same saver as the first attempt: the capability's, holding what the
 * tests before it stored. A fresh, empty saver would hide a deterministic bug
 * that shows only once the saver holds data (a size limit, a leaking index)
 * and call it FLAKY. A timed-out test runs again at most once, and not at all
 * when the test before it timed out too (the saver seems to have stopped
 * answering: the 3-timeouts stop must come in seconds). A later pass makes the
 * test FLAKY; failing every attempt keeps the first failure, with the count.
 */
export async function retryFailure(plan: RunPlan, first: TestResult, again: () => Promise<TestResult>, previousTimedOut: boolean): Promise<TestResult> {
  if (!isCountedFailure(first) || plan.retries === 0 || first.failure.errorName === "NotRun") return first;
  const timedOut = first.failure.errorName === "TimeoutError";
  if (timedOut && previousTimedOut) return first;
  const limit = timedOut ? 1 : plan.retries;
  let attempts = 1;
  let differed = false;
  for (let i = 0; i < limit; i++) {
    const retry = await again();
    attempts++;
    if (retry.status === "passed") return flaky(first, retry, attempts, plan.allowFlaky);
    if (retry.status === "failed" && !sameFailure(first.failure, retry.failure)) differed = true;
    if (retry.status === "failed" && retry.failure.errorName === "TimeoutError") break;
  }
  return { ...first, attempts, ...(differed ? { attemptsDiffered: true as const } : {}) };
}

/** Two attempts failed the same way: the same error and message, ids, times and numbers aside (each attempt writes fresh ones). */
function sameFailure(a: FailedTest["failure"], b: FailedTest["failure"]): boolean {
  const plain = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<id>").replace(/\d+/g, "<n>");
  return a.errorName === b.errorName && plain(a.message) === plain(b.message);
}

function flaky(first: FailedTest, passed: Extract<TestResult, { status: "passed" }>, attempts: number, allowed: boolean): TestResult {
  if (allowed) return { ...passed, attempts, flaky: first.failure };
  return { ...first, attempts, flaky: first.failure };
}
