import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { ReporterTarget } from "./options.js";
import { CliUsageError } from "../util/usage-error.js";

/**
 * Checks before the run that every report file can be written, by creating
 * its folders and opening it for appending (a file that did not exist is
 * removed again), so a bad path is one line and exit 2 now rather than a lost
 * report after the whole run. A real attempt, not access(): root passes every
 * permission check, and places like /proc accept none.
 */
export function checkOutputPaths(targets: readonly ReporterTarget[], output: string | undefined, cwd: string): void {
  const files = (targets.length > 0 ? targets : [{ file: undefined }])
    .map((t) => t.file ?? output)
    .filter((f): f is string => f !== undefined);
  for (const file of new Set(files.map((f) => resolve(cwd, f)))) {
    const problem = writeProblem(file);
    if (problem) throw new CliUsageError(`cannot write the report to ${file}: ${problem}; choose another --output/--reporter path`);
  }
}

function writeProblem(file: string): string | undefined {
  if (existsSync(file) && statSync(file).isDirectory()) return "it is a directory";
  const missing: string[] = [];
  for (let folder = dirname(file); !existsSync(folder); folder = dirname(folder)) missing.unshift(folder);
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      return `cannot create the folder ${folder} (${codeOf(error)})`;
    }
  }
  const existed = existsSync(file);
  try {
    closeSync(openSync(file, "a"));
  } catch (error) {
    return `cannot open it for writing (${codeOf(error)})`;
  }
  if (!existed) rmSync(file, { force: true });
  return undefined;
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}
