import { describePosition, type Ending, type RunTracker } from "./run-tracker.js";

const OUT_OF_MEMORY = /heap out of memory|Allocation failed|Reached heap limit/i;

/**
 * How a child that sent no report ended, in the words of the report:
 * "the saver's process exited with code 0 during put › test_x (process.exit called)".
 */
export function describeEnding(
  tracker: RunTracker,
  exit: { code: number | null; signal: NodeJS.Signals | null },
  rawStderr: string,
): Ending {
  const where = whereNow(tracker);
  if (OUT_OF_MEMORY.test(rawStderr)) return { kind: "out-of-memory", text: `heap out of memory during ${where}` };
  if (tracker.crash) {
    const what = tracker.crash.origin === "unhandledRejection" ? "an unhandled promise rejection" : "an uncaught exception";
    return { kind: "crash", text: `the saver's process crashed with ${what} during ${where}: ${excerpt(tracker.crash.error)}` };
  }
  if (tracker.exitCalled !== undefined) {
    return {
      kind: "process-exit",
      text: `the saver's process exited with code ${tracker.exitCalled} during ${where} (process.exit called)`,
    };
  }
  if (exit.signal)
    return { kind: "killed", text: `the saver's process was killed by ${exit.signal} during ${where}${nativeHint(rawStderr)}` };
  return {
    kind: "crash",
    text: `the saver's process exited with code ${exit.code ?? "unknown"} during ${where}, without a report${nativeHint(rawStderr)}`,
  };
}

/** The test or step in flight, as the report names it ("put › test_x"). */
export function whereNow(tracker: RunTracker): string {
  return describePosition(tracker.position());
}

/** A crash's message and its first stack frames, on one line each. */
function excerpt(error: string): string {
  return error.split("\n").slice(0, 4).join("\n");
}

/**
 * What the process wrote to its stderr directly (a native client's panic, Node's fatal error): its first line (a
 * panic's message), and its last lines below when there are more (where it ended).
 */
function nativeHint(rawStderr: string): string {
  const lines = rawStderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  if (lines.length === 0) return "";
  const tail = lines.slice(Math.max(1, lines.length - 4));
  return ` (its stderr: ${lines[0]})${tail.length === 0 ? "" : `\n  its stderr ended with:\n${tail.map((l) => `    ${l}`).join("\n")}`}`;
}
