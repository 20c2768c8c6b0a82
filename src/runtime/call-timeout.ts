import { MAX_TIMEOUT_MS } from "../util/timeout.js";
import type { TrackedSubject } from "./tracked-subject.js";
import { GraceRule, raceJudged, type LoadWatch } from "./slow-call.js";

/** A test that keeps getting answers may take this many times `timeoutMs` before it is stopped. */
export const WHOLE_TEST_LIMIT_FACTOR = 20;

/** The whole-test limit for a per-call `timeoutMs`, clamped to Node's longest timer. */
export function wholeTestLimitMs(timeoutMs: number): number {
  return Math.min(timeoutMs * WHOLE_TEST_LIMIT_FACTOR, MAX_TIMEOUT_MS);
}

/** What the timeout watches, and what the work is for its messages. */
export interface CallTimeoutWatch {
  /** The savers the work calls (a spec test's extra savers join as they are created). */
  trackers: () => readonly TrackedSubject<unknown>[];
  /** Words after "timed out after N ms", before where it was (e.g. `running G01/default`); none by default. */
  what?: string;
  /** Other work of the run may be in flight: a pending call then runs on up to the grace (src/runtime/slow-call.ts). */
  load?: LoadWatch;
}

/**
 * Runs `work` (a spec test, a graph case) under the timeout's rules: it is a hang
 * when one saver call stays pending for `timeoutMs`, or when nothing happens
 * (no call starts or settles) for `timeoutMs`. Work that keeps getting answers
 * is only stopped at `wholeTestLimitMs(timeoutMs)`, so a correct saver over a
 * slow backend (10–50 ms a call) passes tests that make a thousand calls.
 * Pending and quiet times leave out the time this process's event loop was
 * blocked (src/util/responsive-clock.ts): under concurrency another test's
 * synchronous work is not this call's hang. A call pending for `timeoutMs`
 * while `watch.load` says other work is in flight gets the grace
 * (src/runtime/slow-call.ts's `GraceRule`: slow under load is not a hang).
 * Rejects with a `TimeoutError`; a late rejection of `work` is swallowed.
 */
export async function withCallTimeout<T>(work: Promise<T>, timeoutMs: number, watch: CallTimeoutWatch): Promise<T> {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) return work;
  const limitMs = wholeTestLimitMs(timeoutMs);
  const rule = new GraceRule(timeoutMs, watch.load);
  return raceJudged(work, timeoutMs, (elapsedMs) => judge(watch, rule, limitMs, elapsedMs)).finally(() => rule.end());
}

/** The failure message when a rule is broken, else how long until one could be (ms). */
function judge(watch: CallTimeoutWatch, rule: GraceRule, limitMs: number, elapsedMs: number): string | number {
  const trackers = watch.trackers();
  const progress = trackers.map((t) => t.progress());
  const pendingAges = progress.flatMap((p) => (p.oldestPendingMs === undefined ? [] : [p.oldestPendingMs]));
  // With a call pending, the oldest one's age counts; with none, the time since the last call started or settled.
  const quietMs = pendingAges.length > 0 ? Math.max(...pendingAges) : Math.min(elapsedMs, ...progress.map((p) => p.idleMs));
  const what = watch.what ? ` ${watch.what}` : "";
  const pending = trackers.flatMap((t) => t.inFlight());
  const where = pending.length > 0 ? `in ${pending.join(", ")}` : "(no saver call was pending)";
  // Once a call got the grace, the test's calls (and its quiet times) may last up to it.
  const quiet = rule.judge(quietMs, watch.what ? `${watch.what} ${where}` : where, pendingAges.length > 0);
  if (typeof quiet === "string") return quiet;
  if (elapsedMs >= limitMs) {
    const settled = progress.reduce((sum, p) => sum + p.settled, 0);
    const settledMs = progress.reduce((sum, p) => sum + p.settledMs, 0);
    const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
    return (
      `timed out after the whole-test limit of ${fmt(limitMs)} ms${what} ${where}\n` +
      `  the saver was answering, not stuck: ${fmt(settled)} calls had settled, ${settled > 0 ? (settledMs / settled).toFixed(1) : "0"} ms each on average. ` +
      `No call may stay pending for the timeout (${fmt(rule.timeoutMs)} ms), and a test that keeps getting answers may take up to ${WHOLE_TEST_LIMIT_FACTOR}× it: ` +
      "if the backend is this slow, raise it with --timeout MS (the timeoutMs option)"
    );
  }
  return Math.min(quiet, limitMs - elapsedMs);
}
