import { randomUUID } from "node:crypto";
import { capabilityInfoIn, type CapabilityId } from "../kinds/descriptors.js";
import { offers } from "../kinds/index.js";
import type { AnySpecTest, RunKind } from "./run-plan.js";
import { ConformanceError } from "../assert.js";
import { errorText } from "../util/describe-value.js";
import { formatValue } from "../format.js";
import { notApplicableReason, type SaverProfile } from "../kinds/checkpointer/profile.js";
import { skippedByOption } from "./run-plan.js";
import type { AnyRegistration, KnownDeviation } from "../registration.js";
import type { FailureInfo, PreconditionFailure, TestResult } from "../report/conformance-report.js";
import { PreconditionError } from "../kinds/checkpointer/checks/precondition.js";
import { ALONE, openSubject, type SubjectLease, type SubjectLoad } from "../runtime/lease.js";
import { TimeoutError } from "../util/timeout.js";
import { withCallTimeout } from "../runtime/call-timeout.js";
import { framesBlock, userFrames } from "../runtime/user-frames.js";
import { causeChainText } from "../runtime/cause-chain.js";
import type { TrackedSubject } from "../runtime/tracked-subject.js";
import type { LoadWatch, SlowCall } from "../runtime/slow-call.js";
import { captureUnhandledRejections, settleTick } from "../runtime/unhandled-rejections.js";

/** Everything one spec test needs to run against a live subject. */
export interface SpecTestRun {
  registered: AnyRegistration;
  /** The registration's kind: how the test's context is built, how calls are tracked and capabilities detected. */
  subjectKind: RunKind;
  capability: CapabilityId;
  test: AnySpecTest;
  /** The capability's subject, shared by its tests. */
  subject: object;
  timeoutMs: number;
  /** What the saver is declared to keep: tests it cannot pass by design are not applicable. */
  profile: SaverProfile;
  /** Names and catalog ids the `skipTests` option leaves out. */
  skipTests?: ReadonlySet<string>;
  /** Runs as each of the test's calls starts (on its subject or an extra one). */
  onCallStart?: () => void;
  /** Other tests may be in flight: a call pending past the timeout runs on up to the grace (src/runtime/slow-call.ts). */
  load?: LoadWatch;
}

/** A test's skip reason when the `skipTests` option (--skip-test) left it out. */
export const SKIPPED_BY_OPTION = "left out by skipTests (--skip-test)";

/**
 * Runs one spec test: skips it when a capability it requires is missing,
 * tracks the subject's calls (a call pending for `timeoutMs` is a hang, named
 * in the failure: src/runtime/call-timeout.ts), cleans up extra subjects, and
 * turns any error into a `FailureInfo`. Never throws.
 */
export async function runSpecTest({
  registered,
  subjectKind,
  capability,
  test,
  subject,
  timeoutMs,
  profile,
  skipTests,
  onCallStart,
  load,
}: SpecTestRun): Promise<TestResult> {
  const meta = testMeta(registered, test);
  if (skipTests && skippedByOption(test, skipTests)) return { ...meta, status: "skipped", reason: SKIPPED_BY_OPTION };
  const notApplicable = notApplicableReason(test, profile);
  if (notApplicable !== undefined) return { ...meta, status: "skipped", reason: notApplicable };
  const has = (cap: string) => offers(subjectKind, subject, cap, registered.options);
  const missing = (test.requires ?? []).filter((cap) => !has(cap));
  if (missing.length > 0) {
    return { ...meta, status: "skipped", reason: `needs ${missing.map((c) => `${capabilityInfoIn(subjectKind, c).method}()`).join(", ")}` };
  }
  const tracking = onCallStart ? { onCallStart } : undefined;
  // An extra subject's factory and cleanup get the grace too (lease.ts); one slower than the timeout is this test's slow call.
  let slowLifecycle: SlowCall | undefined;
  const lifecycleLoad: SubjectLoad = load
    ? { othersInFlight: () => load.othersInFlight(), onSlowCall: (call: SlowCall) => void (slowLifecycle ??= call) }
    : ALONE;
  const tracked = subjectKind.track(subject, tracking);
  const extras: { lease: SubjectLease<object>; tracked: TrackedSubject<object> }[] = [];
  const creations: Promise<SubjectLease<object>>[] = [];
  let ended = false;
  const noun = subjectKind.noun;
  const ctx = subjectKind.context({
    subject: tracked.saver,
    capability,
    uniqueId: (label = "t") => `${label}-${randomUUID()}`,
    freshSubject: async () => {
      // A test abandoned at its timeout may still be running: once it ended, it gets no saver (none would be released).
      if (ended) throw new Error(`the test already ended (it was abandoned at its timeout): no extra ${noun} is made for it`);
      // Counted as a call in flight, so the time the factory takes is not mistaken for a test stuck between calls.
      const creating = tracked.track(
        `the factory (creating an extra ${noun})`,
        openSubject<object>(registered, { timeoutMs, creating: `in the factory (creating an extra ${noun})`, load: lifecycleLoad }),
      );
      creations.push(creating);
      const lease = await creating;
      const extra = { lease, tracked: subjectKind.track(lease.subject, tracking) };
      extras.push(extra);
      return extra.tracked.saver;
    },
    has,
    options: registered.options,
  });
  const started = performance.now();
  let failure: FailureInfo | undefined;
  let notChecked: PreconditionFailure | undefined;
  const unhandled: unknown[] = [];
  const stopCapture = captureUnhandledRejections((reason) => unhandled.push(reason));
  let graced = false;
  const watch = {
    trackers: () => [tracked, ...extras.map((e) => e.tracked)],
    ...(load ? { load: { ...load, onGrace: () => (graced = true) } } : {}),
  };
  try {
    await withCallTimeout(test.run(ctx), timeoutMs, watch);
  } catch (error) {
    const trackers = [tracked, ...extras.map((e) => e.tracked)];
    // A precondition on the capability under test is that capability's own failure.
    if (error instanceof PreconditionError && error.capability !== capability) notChecked = preconditionFailure(error, trackers);
    else failure = toFailure(error instanceof PreconditionError ? error.cause : error, trackers);
  }
  // Every extra saver is cleaned up, including one the factory delivers after the test timed out (lease.ts's policy:
  // the test owns it, so a failed cleanup fails the test, after its own failure), and one an abandoned test asked for
  // while these were released (by index: the list may grow meanwhile).
  ended = true;
  for (let i = 0; i < creations.length; i++) {
    const creating = creations[i]!;
    const lease = await creating.catch(() => undefined);
    if (!lease) continue; // its creation failed: the test already failed with that error
    await lease.release().catch((error: unknown) => {
      failure ??= toFailure(new Error(`the factory's cleanup of an extra ${noun} failed: ${errorText(error)}`), []);
    });
  }
  await settleTick();
  stopCapture();
  if (unhandled.length > 0 && failure === undefined) failure = unhandledFailure(unhandled);
  const durationMs = performance.now() - started;
  if (failure) return { ...meta, status: "failed", durationMs, failure };
  if (notChecked) return { ...meta, status: "skipped", reason: notCheckedReason(notChecked), precondition: notChecked };
  const slowest = graced ? longestOf(watch.trackers()) : undefined;
  const slow = slowest ? { call: slowest.name, tookMs: slowest.ms, timeoutMs } : slowLifecycle;
  // A call given the grace settled: the schedule runs the test alone before it is a pass (test-schedule.ts).
  if (slow) return { ...meta, status: "passed", durationMs, slowUnderLoad: slow };
  return { ...meta, status: "passed", durationMs };
}

/** The call that was pending longest among the test's savers. */
function longestOf(trackers: readonly TrackedSubject<unknown>[]): { name: string; ms: number } | undefined {
  return trackers.map((t) => t.longestCall()).reduce((a, b) => (b !== undefined && (a === undefined || b.ms > a.ms) ? b : a), undefined);
}

/** `not checked: precondition failed (list() yields the 3 checkpoints just put: got 1 item(s)) → see list`. */
function notCheckedReason(precondition: PreconditionFailure): string {
  const [step, cause = ""] = precondition.message.split("\n", 2);
  return `not checked: precondition failed (${step}: ${shorten(cause.trim())}) → see ${precondition.capability}`;
}

function preconditionFailure(error: PreconditionError, trackers: readonly TrackedSubject<unknown>[]): PreconditionFailure {
  return {
    capability: error.capability,
    message: `${error.step}\n${causeLine(error.cause, trackers)}\n${toFailure(error.cause, trackers).message}`,
  };
}

/** The cause in one line: what the saver returned (`got 1 item(s)`) or threw. */
function causeLine(cause: unknown, trackers: readonly TrackedSubject<unknown>[]): string {
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
export function testMeta(registered: Pick<AnyRegistration, "knownDeviations">, test: AnySpecTest) {
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
export function findDeviation(deviations: readonly KnownDeviation[], test: AnySpecTest): KnownDeviation | undefined {
  return deviations.find((d) => d.tests?.includes(test.name) || d.ids?.some((id) => test.ids.includes(id)));
}

function toFailure(error: unknown, trackers: readonly TrackedSubject<unknown>[]): FailureInfo {
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
    message: `${message}${causeChainText(error)}${framesBlock(error)}`,
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
