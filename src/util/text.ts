/** The first line of a (multi-line) message. */
export function firstLine(text: string): string {
  return text.split("\n", 1)[0];
}

/** Where text goes: a process stream, or a test's stand-in. `isTTY` turns on live (rewritten) lines. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}
