import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/**
 * `SELECT ... FROM checkpoints LEFT JOIN writes ... ORDER BY checkpoint_id DESC LIMIT $limit`,
 * grouped into tuples afterwards: the limit counts checkpoint x write rows, so a
 * checkpoint with many pending writes uses up the limit (fewer checkpoints, and
 * the last one's writes cut off).
 */
class LimitCountsWriteRows extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    if (options.limit === undefined) return yield* super.list(config, options);
    let rows = Math.max(0, options.limit);
    for (const tuple of await collect(super.list(config, { ...options, limit: undefined }))) {
      if (rows <= 0) return;
      const writes = tuple.pendingWrites ?? [];
      const taken = Math.max(1, Math.min(rows, writes.length));
      rows -= taken;
      yield writes.length === 0 ? tuple : { ...tuple, pendingWrites: writes.slice(0, taken) };
    }
  }
}

export default {
  name: "list-limit-counts-write-rows",
  bug: "list({ limit }) applies the limit to the rows of checkpoints joined with their pending writes, so checkpoints with many writes come back fewer and with their writes cut off",
  catches: ["test_list_limit_counts_checkpoints_not_writes"],
  create: () => new LimitCountsWriteRows(),
} satisfies Mutant;
