import { CliUsageError } from "../util/usage-error.js";
import type { CliOptionName, CliOptions } from "./options.js";

/** What one command line asks for. */
export type CliMode = "check" | "matrix" | "bench";

/** --bench (or --bench-sizes) measures throughput; else --backends runs the matrix; else one saver is checked. */
export function cliMode(options: CliOptions): CliMode {
  if (options.bench || options["bench-sizes"] !== undefined) return "bench";
  return options.backends !== undefined ? "matrix" : "check";
}

/** Options about the conformance run, which mean nothing to --bench. */
const CONFORMANCE_OPTIONS: readonly CliOptionName[] = [
  "capabilities",
  "skip",
  "grep",
  "skip-test",
  "strict",
  "base-only",
  "graph",
  "graph-scenarios",
  "graph-skip",
  "no-graph",
  "model",
  "seed",
  "path",
  "reporter",
  "latest-only",
  "shard",
];

/** --bench with an option it would ignore is bad usage, so nobody believes it was applied. */
export function rejectConformanceOptions(options: CliOptions): void {
  const given = CONFORMANCE_OPTIONS.filter((name) => {
    const value: unknown = options[name];
    return value !== undefined && value !== false && !(Array.isArray(value) && value.length === 0);
  });
  if (given.length > 0) {
    const flags = given.map((name) => `--${name}`).join(", ");
    throw new CliUsageError(
      `${flags} ${given.length === 1 ? "does" : "do"} not apply to --bench, which measures throughput instead of checking conformance; drop ${given.length === 1 ? "it" : "them"} or run without --bench`,
    );
  }
}
