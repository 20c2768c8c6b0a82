/** The exit code of a run ended by the signal: 128 + its number, as a shell reports it. */
export const INTERRUPT_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;
export type InterruptSignal = keyof typeof INTERRUPT_EXIT_CODES;
export const INTERRUPT_SIGNALS = Object.keys(INTERRUPT_EXIT_CODES) as InterruptSignal[];

/** 130 for SIGINT, 143 for SIGTERM; 1 for any other signal that ended a run. */
export function interruptExitCode(signal: NodeJS.Signals): number {
  return (INTERRUPT_EXIT_CODES as Partial<Record<NodeJS.Signals, number>>)[signal] ?? 1;
}

/**
 * Signals within this long of the first are the same interrupt. One Ctrl-C in
 * a terminal reaches every process of the foreground group at once (npm, sh,
 * tsx, this process), and npm and tsx pass it on again a few milliseconds
 * later: one keypress, several signals. On a loaded machine the relayed one
 * came more than 400 ms after the first (CI, 2026-12-02), and a process held
 * up for over a second handled a relay sent 60 ms after the first as a second
 * keypress (a full test run at load 12): hence `earliestArrival`. A second
 * keypress comes after the user has read "press Ctrl-C again", well past a
 * second.
 */
export const SAME_INTERRUPT_MS = 1_000;

/** What a signal means: the first interrupt, part of it, or another Ctrl-C pressed after it ("stop at once"). */
export type InterruptArrival = "first" | "same" | "again";

/**
 * Classifies each signal it is given, by when it arrived after the first.
 * `arrivedAt` is when a signal handled now may have arrived: a signal is only
 * handled when the event loop turns, and on a loaded machine the loop can be
 * held up (synchronous work, or the process not scheduled) for longer than the
 * window, so the handling time alone would make one keypress two.
 */
export function interruptArrivals(arrivedAt: () => number = earliestArrival): () => InterruptArrival {
  let first: number | undefined;
  return () => {
    const at = arrivedAt();
    if (first === undefined) {
      first = at;
      loopWatch.start();
      return "first";
    }
    return at - first < SAME_INTERRUPT_MS ? "same" : "again";
  };
}

const TICK_MS = 50;
/** A tick this much later than due means the loop was held up, and a signal handled then may have arrived as it began. */
const LATE_MS = 100;

/** The event loop's recent turns, from an unref'd timer started at the first interrupt (one per process). */
const loopWatch = {
  timer: undefined as NodeJS.Timeout | undefined,
  lastTick: 0,
  heldUp: undefined as { from: number; to: number } | undefined,
  start(): void {
    if (this.timer !== undefined) return;
    this.lastTick = Date.now();
    this.timer = setInterval(() => {
      const now = Date.now();
      if (now - this.lastTick > TICK_MS + LATE_MS) this.heldUp = { from: this.lastTick, to: now };
      this.lastTick = now;
    }, TICK_MS).unref();
  },
};

/** Now, or, when the loop has just been held up (or still is), the moment it stopped turning. */
function earliestArrival(): number {
  const now = Date.now();
  if (loopWatch.timer === undefined) return now;
  if (now - loopWatch.lastTick > TICK_MS + LATE_MS) return loopWatch.lastTick;
  const heldUp = loopWatch.heldUp;
  return heldUp !== undefined && now - heldUp.to <= TICK_MS + LATE_MS ? heldUp.from : now;
}
