/**
 * A clock that stops while this process's event loop is blocked, for the
 * timeout's rule "a saver call pending for timeoutMs is a hang". With several
 * tests in flight, one test's synchronous work (PostgresSaver's getTuple of a
 * 5 MiB pending write spends seconds of CPU parsing its result) blocks the
 * answers of every other test's calls: their responses wait in the socket, and
 * on wall time they would be "pending" for the whole stall. Measured by a
 * ticker: a tick that comes late means the loop was busy (or the machine gave
 * the process no CPU), and the delay beyond the tick's interval is not counted.
 * A saver that never answers while the loop is free is still a hang on time.
 * The interrupts' "one keypress, one interrupt" window is on this clock too
 * (src/cleanup/signals.ts): a signal relayed at once but handled after a stall
 * arrived, on this clock, when the stall began. Bounded there by the wall clock
 * (`SURELY_AGAIN_MS`), as this clock runs slow while the process is busy.
 */

const TICK_MS = 50;
/** Timer jitter: this much lateness of a tick is not a stall. */
const JITTER_MS = 20;

let stalledMs = 0;
let lastTick = 0;
let ticker: NodeJS.Timeout | undefined;

function lateness(now: number): number {
  // Continuous in `now`, so the clock never steps back.
  return Math.max(0, now - lastTick - TICK_MS - JITTER_MS);
}

function tick(): void {
  const now = performance.now();
  stalledMs += lateness(now);
  lastTick = now;
}

/**
 * Milliseconds on a clock that does not advance while the event loop is
 * blocked (monotonic, comparable only with itself). Starts the ticker on first
 * use; the ticker never keeps the process alive.
 */
export function responsiveNow(): number {
  const now = performance.now();
  if (ticker === undefined) {
    lastTick = now;
    ticker = setInterval(tick, TICK_MS);
    ticker.unref();
  }
  // The stall in progress (the ticker has not run since) counts already.
  return now - stalledMs - lateness(now);
}

/**
 * How long the event loop has gone without turning, in ms: the time since the
 * ticker last ran (0 before the clock's first use). A chain of promises that
 * settle at once never lets it turn, however long the chain runs.
 */
export function loopHeldMs(): number {
  return ticker === undefined ? 0 : Math.max(0, performance.now() - lastTick - TICK_MS);
}
