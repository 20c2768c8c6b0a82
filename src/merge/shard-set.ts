import { ConformanceUsageError } from "../util/errors.js";
import { shardLabel, type Shard } from "../runtime/shard.js";

/** Checks that `shards` are shards 1..n of one split, each given once; throws a one-line `ConformanceUsageError` otherwise. */
export function checkShardSet(shards: readonly Shard[]): void {
  const counts = [...new Set(shards.map((s) => s.count))];
  if (counts.length > 1)
    throw new ConformanceUsageError(
      `merge: the reports are of different shard counts (${shards.map(shardLabel).join(", ")}); merge the shards of one run`,
    );
  const count = counts[0];
  for (let index = 1; index <= count; index++) {
    const given = shards.filter((s) => s.index === index).length;
    if (given > 1) throw new ConformanceUsageError(`merge: shard ${index}/${count} is given ${given} times; pass each shard's report once`);
    if (given === 0)
      throw new ConformanceUsageError(
        `merge: shard ${index}/${count} is missing; pass the report of every shard 1/${count} to ${count}/${count}`,
      );
  }
}
