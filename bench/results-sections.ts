/**
 * bench/results.md is written by more than one script: `npm run bench` writes
 * its sections, `npm run footprint` its own. Each keeps the other's sections.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const RESULTS_FILE = new URL("./results.md", import.meta.url);

/** The `## heading` section of the results file (up to the next `## `), or "" when there is none. */
export function readSection(heading: string): string {
  const text = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, "utf8") : "";
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) return "";
  const end = text.indexOf("\n## ", start + 1);
  return `${text.slice(start + 1, end < 0 ? undefined : end + 1).trimEnd()}\n`;
}

/** Replaces (or appends) the `## heading` section, leaving the rest of the file as it is. */
export function writeSection(heading: string, body: string): void {
  const text = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, "utf8") : "# Benchmark results\n";
  const section = `## ${heading}\n\n${body.trimEnd()}\n`;
  const old = readSection(heading);
  writeFileSync(RESULTS_FILE, old ? text.replace(old, section) : `${text.trimEnd()}\n\n${section}`);
}

export const FOOTPRINT_HEADING = "Install footprint";
