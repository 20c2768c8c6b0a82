import { INTERRUPT_EXIT_CODES, INTERRUPT_SIGNALS, interruptArrivals, type InterruptSignal } from "./signals.js";
import { runCleanups, runCleanupsNow, settledWithin } from "./tasks.js";

export { INTERRUPT_EXIT_CODES, type InterruptSignal } from "./signals.js";

/** How long the normal clean-up may take before the last resort runs (a server that will not stop). */
const CLEANUP_LIMIT_MS = 20_000;

type Reporter = (signal: InterruptSignal) => void;
const reporters = new Set<Reporter>();
let installed = false;
let received: InterruptSignal | undefined;
let arrival = interruptArrivals();

/**
 * For an entry point (npm start, the CLI's --backends and --bench, the bench):
 * on Ctrl-C or SIGTERM, `report` prints what already ran (synchronously),
 * every tracked clean-up runs, and the process exits 130 or 143. Signals
 * arriving together (one Ctrl-C reaches npm, tsx and this process) are one
 * interrupt; a second Ctrl-C after that exits at once, after killing server
 * processes and then removing files synchronously. Returns the function that stops reporting (at the normal end).
 */
export function exitOnInterrupt(report: Reporter): () => void {
  reporters.add(report);
  installSignalHandlers();
  return () => void reporters.delete(report);
}

/** The signal that interrupted the run, once one has. */
export function interruptedBy(): InterruptSignal | undefined {
  return received;
}

/** Throws once Ctrl-C or SIGTERM has ended the run: a resource created now could escape the clean-up under way. */
export function refuseWhenInterrupted(): void {
  const signal = interruptedBy();
  if (signal !== undefined) throw new Error(`the run was interrupted (${signal}) and is being cleaned up`);
}

/**
 * For an entry point, after the run returns: once interrupted, the signal
 * handler owns the process (it has written the partial report, cleans up and
 * exits), so the run's own ending must not write over it: never settles then.
 */
export function parkIfInterrupted(): Promise<void> {
  return received === undefined ? Promise.resolve() : new Promise<void>(() => undefined);
}

/**
 * Installed with the first tracked resource. Without an entry point's
 * reporter (a library inside someone else's program), the signal then does
 * what it would have done: other listeners decide, or it is raised again.
 */
export function installSignalHandlers(): void {
  if (installed) return;
  installed = true;
  for (const signal of INTERRUPT_SIGNALS) process.on(signal, onSignal);
}

function onSignal(signal: InterruptSignal): void {
  const now = arrival();
  if (now === "same") return;
  if (now === "again") {
    tell(`${signal} again: stopping at once (server processes killed, temporary files removed)`);
    runCleanupsNow();
    finish(signal);
    return;
  }
  received = signal;
  tell(`${signal}: cleaning up (press Ctrl-C again to stop at once)`);
  // The run is being torn down: an error from its remains (a pool whose server just stopped) must not end the process before the clean-up.
  process.on("uncaughtException", ignore);
  process.on("unhandledRejection", ignore);
  for (const report of reporters) {
    try {
      report(signal);
    } catch {
      // a partial report that cannot be written must not keep the clean-up from running
    }
  }
  void settledWithin(runCleanups(), CLEANUP_LIMIT_MS).then((settled) => {
    if (!settled) runCleanupsNow();
    finish(signal);
  });
}

function finish(signal: InterruptSignal): void {
  if (reporters.size > 0) process.exit(INTERRUPT_EXIT_CODES[signal]);
  for (const s of INTERRUPT_SIGNALS) process.off(s, onSignal);
  process.off("uncaughtException", ignore);
  process.off("unhandledRejection", ignore);
  installed = false;
  received = undefined;
  arrival = interruptArrivals();
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/** A line on stderr, for an entry point's user (a library inside someone else's program stays quiet). */
function tell(text: string): void {
  if (reporters.size > 0) process.stderr.write(`checkpoint-conformance: ${text}\n`);
}

function ignore(): void {}
