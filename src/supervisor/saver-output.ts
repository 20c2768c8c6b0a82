import type { ProgressStream } from "../util/text.js";
import type { OutputSink } from "./run-tracker.js";

/**
 * Saver output for people: under a header naming the test it belongs to,
 * each line behind a bar, on the stream for human text (never a
 * machine-readable stdout).
 */
export function saverOutputSink(stream: ProgressStream): OutputSink {
  return (where, text) => {
    const lines = text.replace(/\n$/, "").split("\n");
    const clear = stream.isTTY ? "\r\x1b[K" : "";
    stream.write(`${clear}      saver output (${where}):\n${lines.map((l) => `      │ ${l}\n`).join("")}`);
  };
}
