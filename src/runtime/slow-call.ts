import { MAX_TIMEOUT_MS, TimeoutError } from "../util/timeout.js";

/**
 * While other tests of the run are in flight, a call pending for `timeoutMs`
 * is not yet a hang: on a loaded machine (or behind another test's megabyte
 * read on the same server) a correct saver's answer can wait that long. It may
 * run on up to this many times `timeoutMs`; one still pending then is a hang.
 * Measured: on the embedded PostgreSQL at load 25-40 a getDeltaChannelHistory()
 * behind other tests' 5 MiB reads settled after 5-9 s with the default 5 s.
 */
export const SLOW_CALL_GRACE_FACTOR = 4;

/** How long a call may stay pending while other tests are in flight, clamped to Node's longest timer. */
export function slowCallGraceMs(timeoutMs: number): number {
  return Math.min(timeoutMs * SLOW_CALL_GRACE_FACTOR, MAX_TIMEOUT_MS);
}

/** A call that settled after `timeoutMs` while other tests were in flight: slow under load, not a hang. @public */
export interface SlowCall {
  /** The method, e.g. `getDeltaChannelHistory()` (and where: `in sequence 7`). */
  call: string;
  /** How long it was pending. */
  tookMs: number;
  timeoutMs: number;
}

/** What a timeout needs to know to give a call the grace: whether other work of the run is in flight now. */
export interface LoadWatch {
  othersInFlight(): boolean;
  /** Called when the grace was given (a call passed `timeoutMs` with others in flight). */
  onGrace?(): void;
}

/** The note a passing test or sequence carries: `getTuple() took 7,412 ms (the timeout is 5,000 ms) ...`. */
export function slowCallText({ call, tookMs, timeoutMs }: SlowCall): string {
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
  return `${call} took ${fmt(tookMs)} ms (the timeout is ${fmt(timeoutMs)} ms) while other tests ran at once, and passed run alone: slow under load, not a hang`;
}

/** The timeout's message when a call is still pending at the end of the grace. */
export function graceExpiredText(timeoutMs: number, where: string): string {
  return `timed out after ${slowCallGraceMs(timeoutMs)} ms ${where} (${SLOW_CALL_GRACE_FACTOR}× the ${timeoutMs} ms timeout, the grace for a call while other tests run at once): a hang, not load`;
}

/**
 * `withTimeout` for one call, with the grace: a call still pending after
 * `timeoutMs` while `load` says other work is in flight runs on up to
 * `slowCallGraceMs`; settling then, it resolves and `onSlow` gets how long it
 * took. Without `load` (a run alone), exactly `withTimeout`'s rule and message.
 */
export async function withSlowCallGrace<T>(work: Promise<T>, timeoutMs: number, where: () => string, load: LoadWatch | undefined, onSlow: (call: SlowCall) => void): Promise<T> {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) return work;
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  let graced = false;
  // Not unref()ed, like withTimeout's timer: a hang on a promise that holds no handle must still be reported.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      if (!load?.othersInFlight()) return reject(new TimeoutError(`timed out after ${timeoutMs} ms ${where()}`));
      graced = true;
      load.onGrace?.();
      timer = setTimeout(() => reject(new TimeoutError(graceExpiredText(timeoutMs, where()))), slowCallGraceMs(timeoutMs) - timeoutMs);
    }, timeoutMs);
  });
  work.catch(() => undefined);
  try {
    const value = await Promise.race([work, timeout]);
    if (graced) onSlow({ call: where().replace(/^in /, ""), tookMs: performance.now() - started, timeoutMs });
    return value;
  } finally {
    clearTimeout(timer);
  }
}
