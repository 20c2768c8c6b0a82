import { responsiveNow } from "../util/responsive-clock.js";

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
 * keypress (a full test run at load 12): hence the responsive clock. A second
 * keypress comes after the user has read "press Ctrl-C again"; past
 * `SURELY_AGAIN_MS` it is one whatever that clock says.
 */
export const SAME_INTERRUPT_MS = 1_000;

/**
 * Past this long after the first on the wall clock, a signal is another
 * Ctrl-C however long the process was held up: a relay is sent within
 * milliseconds, while a process busy with its run's work can have its
 * responsive clock run at a fraction of the wall clock's pace, and a second
 * keypress must still stop it (CI, 2026-12-02: a press 1.1 s after the first
 * read as under a second).
 */
export const SURELY_AGAIN_MS = 3 * SAME_INTERRUPT_MS;

/** What a signal means: the first interrupt, part of it, or another Ctrl-C pressed after it ("stop at once"). */
export type InterruptArrival = "first" | "same" | "again";

export interface InterruptClocks {
  /** Does not advance while the event loop is held up (src/util/responsive-clock.ts). */
  responsive: () => number;
  wall: () => number;
}

const REAL_CLOCKS: InterruptClocks = { responsive: responsiveNow, wall: () => performance.now() };

/**
 * Classifies each signal it is given, by when it arrived after the first, on
 * the responsive clock: a signal is only handled when the event loop turns,
 * and on a loaded machine the loop can be held up (synchronous work, or the
 * process not scheduled) for longer than the window, so on wall time one
 * keypress would read as two. Past `SURELY_AGAIN_MS` of wall time, it is
 * another Ctrl-C whatever the responsive clock says.
 */
export function interruptArrivals(clocks: InterruptClocks = REAL_CLOCKS): () => InterruptArrival {
  let first: { responsive: number; wall: number } | undefined;
  return () => {
    const at = { responsive: clocks.responsive(), wall: clocks.wall() };
    if (first === undefined) {
      first = at;
      return "first";
    }
    const same = at.responsive - first.responsive < SAME_INTERRUPT_MS && at.wall - first.wall < SURELY_AGAIN_MS;
    return same ? "same" : "again";
  };
}
