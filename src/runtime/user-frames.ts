/**
 * This package's own code: the nearest `src` or `dist` folder above this
 * module's file (src/engine/ when run from source, dist/chunks/ in the bundled
 * build), never the user's frames. Read from this function's own stack frame,
 * which works under ESM and under a CommonJS transform (jest) alike.
 */
const OWN_CODE = ownCodeDir();

function ownCodeDir(): string | undefined {
  const frame = new Error().stack?.split("\n").find((line) => line.trim().startsWith("at "));
  const file = frame && /\(?((?:file:\/\/)?[^\s(]+?):\d+:\d+\)?$/.exec(frame.trim())?.[1];
  const match = file && /^(?:file:\/\/)?(.*[/\\](?:src|dist))[/\\]/.exec(file);
  return match ? match[1] : undefined;
}

/** How many of the user's frames a failure shows. */
const SHOWN_FRAMES = 3;

/**
 * The first stack frames of an error that are in the user's code: not in
 * node_modules, not Node's internals (`node:`), not this package. A saver
 * author sees the line of their saver that threw.
 */
export function userFrames(error: unknown, limit = SHOWN_FRAMES): string[] {
  const stack = error instanceof Error && typeof error.stack === "string" ? error.stack : "";
  return stack
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("at ") && isUserFrame(line))
    .slice(0, limit);
}

function isUserFrame(line: string): boolean {
  if (line.includes("node_modules") || line.includes("node:")) return false;
  if (!/[/\\]|file:/.test(line)) return false;
  return OWN_CODE === undefined || !line.includes(`${OWN_CODE}/`);
}

/** The error's user frames as indented lines to put under its message; empty when there are none. */
export function framesBlock(error: unknown): string {
  return indentedFrames(userFrames(error));
}

/** Frames as indented lines to put under a message; empty when there are none. */
export function indentedFrames(frames: readonly string[]): string {
  return frames.length > 0 ? `\n${frames.map((f) => `    ${f}`).join("\n")}` : "";
}
