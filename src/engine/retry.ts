import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { isCountedFailure, type TestResult } from "./results.js";
import { createSaver } from "./create-saver.js";
import { withTimeout } from "./timeout.js";
import { errorText } from "./describe-value.js";
import type { RunPlan } from "./run-plan.js";

type FailedTest = Extract<TestResult, { status: "failed" }>;

/**
 * Runs a spec test again after a counted failure, each attempt on a fresh
 * saver from the factory (created and cleaned up like any capability's), up to
 * `plan.retries` times; a timed-out test runs again at most once, and not at
 * all when the test before it timed out too (the saver seems to have stopped
 * answering: the 3-timeouts stop must come in seconds). A later pass makes the
 * test FLAKY; failing every attempt keeps the first failure, with the count.
 */
export async function retryFailure(
  plan: RunPlan,
  first: TestResult,
  run: (saver: BaseCheckpointSaver) => Promise<TestResult>,
  previousTimedOut: boolean,
): Promise<TestResult> {
  if (!isCountedFailure(first) || plan.retries === 0 || first.failure.errorName === "NotRun") return first;
  const timedOut = first.failure.errorName === "TimeoutError";
  if (timedOut && previousTimedOut) return first;
  const limit = timedOut ? 1 : plan.retries;
  let attempts = 1;
  for (let i = 0; i < limit; i++) {
    const retry = await onFreshSaver(plan, run);
    if (retry === undefined) break;
    attempts++;
    if (retry.status === "passed") return flaky(first, retry, attempts, plan.allowFlaky);
    if (retry.status === "failed" && retry.failure.errorName === "TimeoutError") break;
  }
  return attempts > 1 ? { ...first, attempts } : first;
}

/** The attempt on a fresh saver; undefined when no saver could be created for it (the first failure then stands). */
async function onFreshSaver(plan: RunPlan, run: (saver: BaseCheckpointSaver) => Promise<TestResult>): Promise<TestResult | undefined> {
  let lease;
  try {
    lease = await createSaver(plan.registered, plan.timeoutMs, "in the factory (creating a fresh saver for a retry)");
  } catch {
    return undefined;
  }
  const result = await run(lease.saver);
  try {
    await withTimeout(lease.release(), plan.timeoutMs, () => "in the factory's cleanup (the code after yield)");
  } catch (error) {
    if (result.status !== "failed") {
      const message = `the factory's cleanup of the retry's saver failed: ${errorText(error)}`;
      return { ...result, status: "failed", durationMs: 0, failure: { message, errorName: "Error", thrownBySaver: true } } as FailedTest;
    }
  }
  return result;
}

function flaky(first: FailedTest, passed: Extract<TestResult, { status: "passed" }>, attempts: number, allowed: boolean): TestResult {
  if (allowed) return { ...passed, attempts, flaky: first.failure };
  return { ...first, attempts, flaky: first.failure };
}
