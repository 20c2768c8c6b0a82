import { ConformanceUsageError } from "../util/errors.js";
import { shardLabel } from "../runtime/shard.js";
import type { MatrixReportFile } from "../reporters/matrix/matrix-report-json.js";
import type { BackendOutcome, MatrixResult } from "../reporters/matrix/types.js";
import { checkSameRun } from "../engine/run-identity.js";
import { checkShardSet } from "./shard-set.js";

/**
 * One matrix from the matrix reports of every shard of a split `--backends`
 * run: each backend's outcome from the shard that ran it, in the unsharded
 * run's order; durations summed. A shard cut short by a signal leaves its
 * backends not run, and the merged matrix says it was interrupted.
 * Throws a one-line `ConformanceUsageError` when the files are not the shards
 * of one run (version, options, backends, shard set).
 */
export function mergeMatrixReports(files: readonly MatrixReportFile[], names: readonly string[]): MatrixResult {
  if (files.length === 0) throw new ConformanceUsageError("merge: no report to merge; pass the JSON report of every shard");
  const shards = files.map((f, i) => {
    if (!f.shard)
      throw new ConformanceUsageError(
        `merge: ${names[i]} is the report of a whole matrix run, not a shard's; run each shard with --shard i/n`,
      );
    return f.shard;
  });
  checkShardSet(shards);
  const labels = shards.map((s) => `shard ${shardLabel(s)}`);
  checkSameRun(
    files.map((f) => f.run),
    labels,
  );
  const backends = files[0].backends;
  files.forEach((f, i) => {
    if (JSON.stringify(f.backends) !== JSON.stringify(backends)) {
      const ids = (list: typeof backends) => list.map((b) => b.id).join(",");
      throw new ConformanceUsageError(
        `merge: the shards ran different backend lists (${ids(backends)} in ${labels[0]}, ${ids(f.backends)} in ${labels[i]}); run every shard with the same --backends and module`,
      );
    }
  });

  const outcomes: BackendOutcome[] = [];
  const notRun: string[] = [];
  for (const backend of backends) {
    const found = files.flatMap((f, i) =>
      f.result.outcomes.filter((o) => o.id === backend.id).map((outcome) => ({ outcome, shard: shards[i] })),
    );
    if (found.length > 1)
      throw new ConformanceUsageError(
        `merge: backend ${backend.id} was run by ${found.map((f) => `shard ${shardLabel(f.shard)}`).join(" and ")}; pass each shard's report once`,
      );
    if (found.length === 1) outcomes.push(found[0].outcome);
    else notRun.push(backend.id);
  }
  const interrupted = files.map((f) => f.result.interrupted).find((i) => i !== undefined);
  if (notRun.length > 0 && !interrupted) {
    throw new ConformanceUsageError(
      `merge: no shard ran ${notRun.join(", ")}; were the shards run with the same --backends and --shard count?`,
    );
  }
  const postgres = files.map((f) => f.result.postgres).find((p) => p !== undefined);
  return {
    outcomes,
    durationMs: files.reduce((sum, f) => sum + f.result.durationMs, 0),
    ...(postgres ? { postgres } : {}),
    ...(interrupted ? { interrupted: { ...interrupted, notRun: notRun.filter((id) => id !== interrupted.during?.id) } } : {}),
  };
}
