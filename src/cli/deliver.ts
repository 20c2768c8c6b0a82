import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { CliIo } from "./io.js";

/** A rendered report and where it goes: an absolute file, or stdout when undefined. */
export interface RenderedOutput {
  text: string;
  file?: string;
}

/**
 * Writes every text to stdout or its file (texts for one file are joined in
 * order, directories created). Returns the files written.
 */
export function deliver(outputs: readonly RenderedOutput[], io: CliIo): string[] {
  const files = new Map<string, string[]>();
  for (const { text, file } of outputs) {
    if (file === undefined) io.stdout.write(text);
    else files.set(file, [...(files.get(file) ?? []), text]);
  }
  for (const [file, parts] of files) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, parts.join(""));
  }
  return [...files.keys()];
}
