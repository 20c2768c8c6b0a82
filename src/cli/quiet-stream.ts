import type { ProgressStream } from "./progress-line.js";

/**
 * The process's stdout or stderr for the CLI: once its reader has gone (EPIPE,
 * as with `| head -2`) further writes are dropped quietly, so the run still
 * ends normally with its exit code instead of a crash with a stack.
 */
export function quietOnClosedPipe(stream: NodeJS.WriteStream): ProgressStream {
  let closed = false;
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    closed = true;
  });
  return {
    isTTY: stream.isTTY,
    write(text: string) {
      if (!closed) stream.write(text);
      return true;
    },
  };
}
