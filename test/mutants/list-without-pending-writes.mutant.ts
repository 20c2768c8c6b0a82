import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Its list query skips the writes table (getTuple still joins it). */
class ListWithoutPendingWrites extends MemorySaver {
  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    for await (const tuple of super.list(config, options)) yield { ...tuple, pendingWrites: [] };
  }
}

export default {
  name: "list-without-pending-writes",
  bug: "list() yields tuples with empty pendingWrites (only getTuple loads the writes)",
  catches: ["test_list_includes_pending_writes", "test_list_matches_get_tuple", "test_list_combinations"],
  create: () => new ListWithoutPendingWrites(),
} satisfies Mutant;
