import { installSignalHandlers } from "./interrupts.js";
import { track, type CleanupSteps, type TrackedCleanup } from "./tasks.js";

/**
 * Tracks a resource (a server process, a temporary file) until `run()` of the
 * returned handle: Ctrl-C, SIGTERM, an uncaught error or `process.exit()` in
 * between still clean it up.
 */
export function trackCleanup(steps: CleanupSteps): TrackedCleanup {
  installSignalHandlers();
  return track(steps);
}
