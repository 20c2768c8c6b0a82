import { writeSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { MESSAGE_FD } from "./protocol.js";

/**
 * A child's message to its parent: one line of JSON on file descriptor 3,
 * written synchronously, so it is delivered even when the process dies right
 * after it. `parentGone` runs when the parent no longer reads (EPIPE).
 */
export function sendToParent(message: unknown, parentGone: () => void): void {
  const line = Buffer.from(`${JSON.stringify(message)}\n`);
  let offset = 0;
  while (offset < line.length) {
    try {
      offset += writeSync(MESSAGE_FD, line, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") continue;
      parentGone();
      return;
    }
  }
}

/** The parent side: each message of a child's channel, in order; settles when the channel closes. */
export function readMessages<M>(stream: Readable, handle: (message: M) => void): Promise<void> {
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (line.trim() === "") return;
    handle(JSON.parse(line) as M);
  });
  return new Promise((resolve) => lines.once("close", resolve));
}

/** A child whose parent was killed outright stops too (`gone`), rather than run on unobserved. */
export function watchParent(gone: () => void): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) gone();
  }, 1000).unref();
}

/** The child's request: one line of JSON on stdin; undefined when stdin ends without one (the parent did not need it). */
export function readRequest<R>(): Promise<R | undefined> {
  return new Promise((resolve) => {
    let text = "";
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk: string) => {
      text += chunk;
      const end = text.indexOf("\n");
      if (end === -1) return;
      process.stdin.destroy();
      resolve(JSON.parse(text.slice(0, end)) as R);
    });
    process.stdin.once("end", () => resolve(undefined));
  });
}
