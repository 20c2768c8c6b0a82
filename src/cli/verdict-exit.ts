import { shardLabel } from "../runtime/shard.js";
import type { ConformanceReport } from "../report/conformance-report.js";
import type { CliIo } from "./io.js";

/**
 * The exit code of a finished run: 0 the level asked for passed, 1 it did not,
 * 2 nothing was checked (bad usage). A shard whose slice was empty says so and
 * exits 0: the merged report gives the verdict.
 */
export function verdictExit(report: ConformanceReport, strict: boolean, io: CliIo): number {
  const verdict = report.verdict({ strict });
  if (verdict.nothingChecked && report.shard) {
    io.stderr.write(`checkpoint-conformance: shard ${shardLabel(report.shard)} had nothing to do (its slice of the run is empty); the merged report gives the verdict\n`);
    return 0;
  }
  if (verdict.nothingChecked) {
    io.stderr.write(`checkpoint-conformance: ${verdict.explanation}\n`);
    return 2;
  }
  return verdict.passed ? 0 : 1;
}
