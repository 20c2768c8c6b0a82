import { shardLabel } from "../runtime/shard.js";
import { CliUsageError } from "../util/usage-error.js";
import type { ConformanceReport } from "../report/conformance-report.js";
import type { CliIo } from "./io.js";

/**
 * Whether the exit code judges the base capabilities only (`--base-only`);
 * by default every capability the subject offers must pass (`--strict`, the
 * older flag for it, is accepted). Both at once is bad usage.
 */
export function baseOnlyOf(options: { strict?: boolean; "base-only"?: boolean }): boolean {
  if (options.strict === true && options["base-only"] === true) {
    throw new CliUsageError(
      "--strict and --base-only contradict each other: every capability the subject offers must pass by default (--strict), --base-only judges the base ones only; pass one of them",
    );
  }
  return options["base-only"] === true;
}

/**
 * The exit code of a finished run: 0 the run passed (every capability the
 * subject offers, or with `baseOnly` the base ones, and every section that
 * ran), 1 it did not, 2 nothing was checked (bad usage). A shard whose slice
 * was empty says so and exits 0: the merged report gives the verdict.
 */
export function verdictExit(report: ConformanceReport, baseOnly: boolean, io: CliIo): number {
  const verdict = report.verdict({ baseOnly });
  if (verdict.nothingChecked && report.shard) {
    io.stderr.write(
      `checkpoint-conformance: shard ${shardLabel(report.shard)} had nothing to do (its slice of the run is empty); the merged report gives the verdict\n`,
    );
    return 0;
  }
  if (verdict.nothingChecked) {
    io.stderr.write(`checkpoint-conformance: ${verdict.explanation}\n`);
    return 2;
  }
  return verdict.passed ? 0 : 1;
}
