import { randomUUID } from "node:crypto";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { capabilityInfo, type Capability } from "../capabilities.js";
import { offersCapability } from "./detect-capability.js";
import { ConformanceError } from "../assert.js";
import { errorText } from "./describe-value.js";
import { formatValue } from "../format.js";
import { notApplicableReason, type SaverProfile } from "../profile/profile.js";
import { skippedByOption } from "./run-plan.js";
import type { KnownDeviation, RegisteredCheckpointer, SaverLease } from "../registration.js";
import type { FailureInfo, PreconditionFailure, TestResult } from "../report.js";
import { PreconditionError } from "../spec/precondition.js";
import type { SpecContext, SpecTest } from "../spec/types.js";
import { createSaver } from "./create-saver.js";
import { TimeoutError, withTimeout } from "./timeout.js";
import { withCallTimeout } from "./call-timeout.js";
import { framesBlock, userFrames } from "./user-frames.js";
import { trackSaver, type TrackedSaver } from "./tracked-saver.js";
import { captureUnhandledRejections, settleTick } from "./unhandled-rejections.js";

/** Everything one spec test needs to run against a live saver. */
export interface SpecTestRun {
  registered: RegisteredCheckpointer;
  capability: Capability;
  test: SpecTest;
  /** The capability's saver, shared by its tests. */
  saver: BaseCheckpointSaver;
  timeoutMs: number;
  /** What the saver is declared to keep: tests it cannot pass by design are not applicable. */
  profile: SaverProfile;
  /** Names and catalog ids the `skipTests` option leaves out. */
  skipTests?: ReadonlySet<string>;
}

/** A test's skip reason when the `skipTests` option (--skip-test) left it out. */
export const SKIPPED_BY_OPTION = "left out by skipTests (--skip-test)";

/**
 * Runs one spec test: skips it when a capability it requires is missing,
 * tracks saver calls (a call pending for `timeoutMs` is a hang, named in the
 * failure: src/engine/call-timeout.ts), cleans up extra savers, and turns any
 * error into a `FailureInfo`. Never throws.
 */
export async function runSpecTest({ registered, capability, test, saver, timeoutMs, profile, skipTests }: SpecTestRun): Promise<TestResult> {
  const meta = testMeta(registered, test);
  if (skipTests && skippedByOption(test, skipTests)) return { ...meta, status: "skipped", reason: SKIPPED_BY_OPTION };
  const notApplicable = notApplicableReason(test, profile);
  if (notApplicable !== undefined) return { ...meta, status: "skipped", reason: notApplicable };
  const missing = (test.requires ?? []).filter((cap) => !offersCapability(saver, cap));
  if (missing.length > 0) {
    return { ...meta, status: "skipped", reason: `needs ${missing.map((c) => capabilityInfo(c).method + "()").join(", ")}` };
  }
  const tracked = trackSaver(saver);
  const extras: { lease: SaverLease; tracked: TrackedSaver }[] = [];
  const creations: Promise<SaverLease>[] = [];
  const ctx: SpecContext = {
    saver: tracked.saver,
    capability,
    threadId: (label = "t") => `${label}-${randomUUID()}`,
    freshSaver: async () => {
      // Counted as a call in flight, so the time the factory takes is not mistaken for a test stuck between calls.
      const creating = tracked.track("the factory (creating an extra saver)", createSaver(registered, timeoutMs, "in the factory (creating an extra saver)"));
      creations.push(creating);
      const lease = await creating;
      const extra = { lease, tracked: trackSaver(lease.saver) };
      extras.push(extra);
      return extra.tracked.saver;
    },
    has: (cap) => offersCapability(saver, cap),
  };
  const started = performance.now();
  let failure: FailureInfo | undefined;
  let notChecked: PreconditionFailure | undefined;
  const unhandled: unknown[] = [];
  const stopCapture = captureUnhandledRejections((reason) => unhandled.push(reason));
  try {
    await withCallTimeout(test.run(ctx), timeoutMs, { trackers: () => [tracked, ...extras.map((e) => e.tracked)] });
  } catch (error) {
    const trackers = [tracked, ...extras.map((e) => e.tracked)];
    // A precondition on the capability under test is that capability's own failure.
    if (error instanceof PreconditionError && error.capability !== capability) notChecked = preconditionFailure(error, trackers);
    else failure = toFailure(error instanceof PreconditionError ? error.cause : error, trackers);
  }
  // Every extra saver is cleaned up, including one the factory delivers after the test timed out.
  for (const creating of creations) {
    try {
      const lease = await creating;
      await withTimeout(lease.release(), timeoutMs, () => "in the factory's cleanup (the code after yield)");
    } catch (error) {
      failure ??= toFailure(new Error(`the factory's cleanup of an extra saver failed: ${errorText(error)}`), []);
    }
  }
  await settleTick();
  stopCapture();
  if (unhandled.length > 0 && failure === undefined) failure = unhandledFailure(unhandled);
  const durationMs = performance.now() - started;
  if (failure) return { ...meta, status: "failed", durationMs, failure };
  if (notChecked) return { ...meta, status: "skipped", reason: notCheckedReason(notChecked), precondition: notChecked };
  return { ...meta, status: "passed", durationMs };
}

/** `not checked: precondition failed (list() yields the 3 checkpoints just put: got 1 item(s)) → see list`. */
function notCheckedReason(precondition: PreconditionFailure): string {
  const [step, cause = ""] = precondition.message.split("\n", 2);
  return `not checked: precondition failed (${step}: ${shorten(cause.trim())}) → see ${precondition.capability}`;
}

function preconditionFailure(error: PreconditionError, trackers: readonly TrackedSaver[]): PreconditionFailure {
  return { capability: error.capability, message: `${error.step}\n${causeLine(error.cause, trackers)}\n${toFailure(error.cause, trackers).message}` };
}

/** The cause in one line: what the saver returned (`got 1 item(s)`) or threw. */
function causeLine(cause: unknown, trackers: readonly TrackedSaver[]): string {
  if (cause instanceof ConformanceError) {
    const got = cause.details.find((d) => d.startsWith("got "));
    if (got) return got;
    if (cause.hasValues) return `expected ${formatValue(cause.expected)}, got ${formatValue(cause.actual)}`;
    return cause.clause;
  }
  return toFailure(cause, trackers).message.split("\n", 1)[0];
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

/** A spec test's name, ids, description, advisory flag and the declared deviation that covers it. */
export function testMeta(registered: RegisteredCheckpointer, test: SpecTest) {
  const deviation = findDeviation(registered.knownDeviations, test);
  return {
    name: test.name,
    ids: test.ids,
    description: test.description,
    advisory: test.advisory ?? false,
    ...(deviation ? { deviation: deviation.reason } : {}),
  };
}

/** The registration's declared deviation that covers this test, if any. */
export function findDeviation(deviations: readonly KnownDeviation[], test: SpecTest): KnownDeviation | undefined {
  return deviations.find((d) => d.tests?.includes(test.name) || d.ids?.some((id) => test.ids.includes(id)));
}

function toFailure(error: unknown, trackers: readonly TrackedSaver[]): FailureInfo {
  if (error instanceof ConformanceError) {
    return { message: error.message, errorName: error.name, thrownBySaver: false };
  }
  if (error instanceof TimeoutError) {
    return { message: error.message, errorName: error.name, thrownBySaver: true };
  }
  const method = trackers.map((t) => t.thrownBy(error)).find((m) => m !== undefined);
  const what = error instanceof Error ? `${error.name}: ${error.message}` : `a non-Error value ${formatValue(error)}`;
  const message = method ? `${method} threw ${what}` : `the test threw ${what}`;
  const frames = userFrames(error);
  return {
    message: `${message}${framesBlock(error)}`,
    errorName: error instanceof Error ? error.name : typeof error,
    thrownBySaver: method !== undefined,
    stack: error instanceof Error ? error.stack : undefined,
    ...(frames.length > 0 ? { frames } : {}),
  };
}

function unhandledFailure(reasons: readonly unknown[]): FailureInfo {
  const what = reasons.map((r) => (r instanceof Error ? `${r.name}: ${r.message}` : formatValue(r))).join("; ");
  return {
    message:
      `the saver left a rejected promise unhandled during this test (it may come from an earlier call): ${what}\n` +
      "  A call that is not awaited or caught crashes a Node process (a LangGraph server) when it fails; await it." +
      framesBlock(reasons[0]),
    errorName: reasons[0] instanceof Error ? reasons[0].name : typeof reasons[0],
    thrownBySaver: true,
  };
}
