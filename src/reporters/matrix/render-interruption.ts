import type { MatrixInterruption } from "./types.js";

/** The headline of an interrupted run's partial report. */
export function interruptionHeadline(interrupted: MatrixInterruption): string {
  return `INTERRUPTED by ${interrupted.signal}: a partial report of the backends that finished`;
}

/** Where the run stopped and what did not run, one line each. */
export function interruptionLines(interrupted: MatrixInterruption): string[] {
  const lines: string[] = [];
  const during = interrupted.during;
  if (during) {
    const tests = `${during.testsRun} spec test${during.testsRun === 1 ? "" : "s"} had finished${during.testsRun > 0 ? `, ${during.testsFailed} failed` : ""}`;
    lines.push(`Interrupted by ${interrupted.signal} while ${during.id} was running (${tests}); it is not in the table.`);
  } else {
    lines.push(`Interrupted by ${interrupted.signal} between backends.`);
  }
  const also = interrupted.alsoRunning ?? [];
  if (also.length > 0)
    lines.push(`${also.join(", ")} ${also.length === 1 ? "was" : "were"} running too, in parallel; not in the table either.`);
  if (interrupted.notRun.length > 0) lines.push(`Not started: ${interrupted.notRun.join(", ")}.`);
  return lines;
}
