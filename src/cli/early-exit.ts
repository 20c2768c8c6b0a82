import { guardProcessExit } from "../engine/exit-guard.js";
import type { ProgressStream } from "./progress-line.js";

/** The line an early exit with code 0 prints. */
export const EARLY_EXIT_LINE =
  "checkpoint-conformance: the CLI's process was ending with code 0 before the run finished (process.exit(0) by the saver or a dependency, which run in this process here); the run fails\n";

/**
 * Runs `run` where nothing supervises the saver (CONFORMANCE_IN_PROCESS=1,
 * --backends, --bench: the saver runs in the CLI's own process). A
 * process.exit(0) from the saver or a dependency would end the CLI with 0, a
 * pass, before any verdict: until `run` settles, such an exit exits 1 with one
 * line saying why (other codes already fail; an interrupt's 130 stays).
 */
export async function failingEarlyExit<T>(stderr: ProgressStream, run: () => Promise<T>): Promise<T> {
  const guard = guardProcessExit({
    exitCode: (code) => (code === 0 ? 1 : code),
    report: (code) => {
      if (code === 0) stderr.write(EARLY_EXIT_LINE);
    },
  });
  try {
    return await run();
  } finally {
    guard.restore();
  }
}
