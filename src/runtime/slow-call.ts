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

/**
 * What a timeout needs to know to give a step the grace: whether other work of
 * the run (spec tests, model sequences, savers being created or cleaned up) is
 * in flight now, besides the step asking and the work it is part of.
 */
export interface LoadWatch {
  /** Whether other work is in flight that is not itself past its timeout (a hung call is not load). */
  othersInFlight(): boolean;
  /** Called when the grace was given (a step passed `timeoutMs` with others in flight). */
  onGrace?(): void;
  /**
   * Says whether `step` (a `GraceRule`) is pending past its timeout now: while it is, it is not load for the
   * others (`othersInFlight` leaves it out), so hung calls do not give one another the grace.
   */
  overdue?(step: object, past: boolean): void;
}

/** While a step is in its grace, how often it looks again whether the others in flight are still load (not all hung). */
export function graceRecheckMs(timeoutMs: number): number {
  return Math.max(50, timeoutMs / 10);
}

/**
 * The one rule for a step pending past its timeout (a saver call, a factory, a
 * cleanup): pending for `timeoutMs` while `load` says other work is in flight
 * at that moment, it gets the grace, once, and may stay pending up to
 * `slowCallGraceMs(timeoutMs)`; pending past the grace, it is a hang, named as
 * such. Work that is itself past its timeout is not load: a step past its
 * timeout says so to `load` (`overdue`), and one in its grace looks again
 * every `graceRecheckMs`: once the only other work in flight is hung too, it
 * is a hang at once (hung calls do not wait on one another). With nothing
 * else in flight when the timeout fires (or no `load`: a run alone), the
 * timeout is exactly `timeoutMs` and its usual message. `end()` when the step
 * settles.
 */
export class GraceRule {
  #graced = false;
  #overdue = false;

  constructor(
    readonly timeoutMs: number,
    private readonly load: LoadWatch | undefined,
  ) {}

  /** Whether the grace was given. */
  get graced(): boolean {
    return this.#graced;
  }

  /** How long the step may be pending now: `timeoutMs`, or the grace once given. */
  get limitMs(): number {
    return this.#graced ? slowCallGraceMs(this.timeoutMs) : this.timeoutMs;
  }

  /**
   * Judges a step pending for `pendingMs` (`where` it is, e.g. `in getTuple()`):
   * the ms until it should be judged again, or the message of its `TimeoutError`.
   * `mayGrace` false: nothing is pending that load could explain (a test quiet
   * between calls), so no grace is given.
   */
  judge(pendingMs: number, where: string, mayGrace = true): number | string {
    // Asking about the others, this step is not one of them; it is marked again by what it is now.
    this.#mark(false);
    const verdict = this.#verdict(pendingMs, where, mayGrace);
    this.#mark(typeof verdict === "number" && pendingMs >= this.timeoutMs);
    return verdict;
  }

  /** The step settled (or was judged a hang): it is no longer in flight. */
  end(): void {
    this.#mark(false);
  }

  #verdict(pendingMs: number, where: string, mayGrace: boolean): number | string {
    if (pendingMs < this.timeoutMs) return this.timeoutMs - pendingMs;
    if (this.#graced) {
      if (pendingMs >= this.limitMs) return graceExpiredText(this.timeoutMs, where);
      // A quiet test between calls keeps the grace its slow call got; a pending call keeps it while others are load.
      if (!mayGrace) return this.limitMs - pendingMs;
      if (!this.load?.othersInFlight()) return onlyHungText(pendingMs, this.timeoutMs, where);
      return Math.min(this.limitMs - pendingMs, graceRecheckMs(this.timeoutMs));
    }
    if (!mayGrace || !this.load?.othersInFlight()) return `timed out after ${this.timeoutMs} ms ${where}`;
    this.#graced = true;
    this.load.onGrace?.();
    return Math.min(this.limitMs - pendingMs, graceRecheckMs(this.timeoutMs));
  }

  #mark(past: boolean): void {
    if (past === this.#overdue) return;
    this.#overdue = past;
    this.load?.overdue?.(this, past);
  }
}

/** The note a passing test or sequence carries: `getTuple() took 7,412 ms (the timeout is 5,000 ms) ...`. */
export function slowCallText({ call, tookMs, timeoutMs }: SlowCall): string {
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
  return `${call} took ${fmt(tookMs)} ms (the timeout is ${fmt(timeoutMs)} ms) while other tests ran at once, and passed run alone: slow under load, not a hang`;
}

/** The timeout's message when a step in its grace is left with only hung work beside it (no load to explain it). */
export function onlyHungText(pendingMs: number, timeoutMs: number, where: string): string {
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
  return `timed out after ${fmt(pendingMs)} ms ${where} (the ${timeoutMs} ms timeout, then the grace until the other work in flight was past its timeout too): a hang, not load`;
}

/** The timeout's message when a step is still pending at the end of the grace. */
export function graceExpiredText(timeoutMs: number, where: string): string {
  return `timed out after ${slowCallGraceMs(timeoutMs)} ms ${where} (${SLOW_CALL_GRACE_FACTOR}× the ${timeoutMs} ms timeout, the grace for a step while other work of the run is in flight): a hang, not load`;
}

/**
 * `withTimeout` for one step (a saver call, a factory, a cleanup) under the
 * grace rule (`GraceRule`): settling after the grace was given, it resolves and
 * `onSlow` gets how long it took. Without `load` (a run alone), exactly
 * `withTimeout`'s rule and message.
 */
export async function withSlowCallGrace<T>(
  work: Promise<T>,
  timeoutMs: number,
  where: () => string,
  load: LoadWatch | undefined,
  onSlow: (call: SlowCall) => void,
): Promise<T> {
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) return work;
  const started = performance.now();
  const rule = new GraceRule(timeoutMs, load);
  const value = await raceJudged(work, timeoutMs, (elapsedMs) => rule.judge(elapsedMs, where())).finally(() => rule.end());
  if (rule.graced) onSlow({ call: where().replace(/^in /, ""), tookMs: performance.now() - started, timeoutMs });
  return value;
}

/**
 * `work`, or a TimeoutError: `judge` is asked at `firstCheckMs` and then again after as many ms as it answers,
 * until it answers a message (the timeout's) or the work settles.
 */
export async function raceJudged<T>(work: Promise<T>, firstCheckMs: number, judge: (elapsedMs: number) => string | number): Promise<T> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  // Not unref()ed, like withTimeout's timer: a hang on a promise that holds no handle must still be reported.
  const timeout = new Promise<never>((_, reject) => {
    const check = () => {
      const verdict = judge(performance.now() - started);
      if (typeof verdict === "string") reject(new TimeoutError(verdict));
      else timer = setTimeout(check, Math.max(1, Math.ceil(verdict)));
    };
    timer = setTimeout(check, firstCheckMs);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
