import { expect } from "vitest";
import type { CliRun } from "./run-cli-process.js";

/** A bad-usage answer: exit 2, one line on stderr naming the problem, no stack, nothing on stdout. */
export function expectUsageError(run: CliRun, ...phrases: string[]): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stdout).toBe("");
  const lines = run.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^checkpoint-conformance: /);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  for (const phrase of phrases) expect(lines[0]).toContain(phrase);
}
