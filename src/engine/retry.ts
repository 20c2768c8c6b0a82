import { isCountedFailure, type TestResult } from "../report/results.js";
import type { RunPlan } from "./run-plan.js";
import { normaliseMessage } from "../diagnosis/causes/signature.js";

type FailedTest = Extract<TestResult, { status: "failed" }>;

/**
 * Runs a spec test again after a counted failure, up to `plan.retries` times,
 * on the same saver as the first attempt: the capability's, holding what the
 * tests before it stored. A fresh, empty saver would hide a deterministic bug
 * that shows only once the saver holds data (a size limit, a leaking index)
 * and call it FLAKY. A timed-out test is not run again: its call already had
 * the timeout (and, with other work in flight, the grace:
 * src/runtime/slow-call.ts), and a hung saver must be judged in seconds. A
 * later pass makes the test FLAKY; failing every attempt keeps the first
 * failure, with the count (a retry that times out ends the retries).
 */
export async function retryFailure(plan: RunPlan, first: TestResult, again: () => Promise<TestResult>): Promise<TestResult> {
  if (!isCountedFailure(first) || plan.retries === 0 || isTimeout(first)) return first;
  let attempts = 1;
  let differed = false;
  for (let i = 0; i < plan.retries; i++) {
    const retry = await again();
    attempts++;
    if (retry.status === "passed") return flaky(first, retry, attempts, plan.allowFlaky);
    if (retry.status === "failed" && !sameFailure(first.failure, retry.failure)) differed = true;
    if (isTimeout(retry)) break;
  }
  return { ...first, attempts, ...(differed ? { attemptsDiffered: true as const } : {}) };
}

/** Two attempts failed the same way: the same error and message, its volatile parts aside (each attempt writes fresh ids and times). */
function sameFailure(a: FailedTest["failure"], b: FailedTest["failure"]): boolean {
  return a.errorName === b.errorName && normaliseMessage(a.message) === normaliseMessage(b.message);
}

/** The test failed because a call (or the test) stayed pending past the timeout. */
export function isTimeout(result: TestResult): boolean {
  return result.status === "failed" && result.failure.errorName === "TimeoutError";
}

function flaky(first: FailedTest, passed: Extract<TestResult, { status: "passed" }>, attempts: number, allowed: boolean): TestResult {
  if (allowed) return { ...passed, attempts, flaky: first.failure };
  return { ...first, attempts, flaky: first.failure };
}
