/**
 * Clean-up of what a run creates (temporary directories and files, server
 * processes) on every way a run can end: normally, by an error, by Ctrl-C or
 * SIGTERM (also when the whole process group got the signal), and, for a run
 * killed outright, by the next run. See docs/interrupts.md.
 */
export { createTempDir, type TempDir } from "./temp-dir.js";
export { trackCleanup } from "./track.js";
export { settledWithin, type CleanupSteps, type TrackedCleanup } from "./tasks.js";
export {
  exitOnInterrupt,
  interruptedBy,
  parkIfInterrupted,
  refuseWhenInterrupted,
  INTERRUPT_EXIT_CODES,
  type InterruptSignal,
} from "./interrupts.js";
export { removeLeftovers, removeLeftoversOnce, TEMP_DIR_PREFIX } from "./leftovers.js";
export { killTreeSync, stopProcess } from "./processes.js";
