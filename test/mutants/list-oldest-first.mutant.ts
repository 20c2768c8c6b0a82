import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, takeLimit } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/** Sorts ascending (`ORDER BY checkpoint_id` without `DESC`), so the limit keeps the oldest. */
class ListOldestFirst extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const all = await collect(super.list(config, { ...options, limit: undefined }));
    yield* takeLimit(all.reverse(), options.limit);
  }
}

export default {
  name: "list-oldest-first",
  bug: "list() yields oldest first (ORDER BY checkpoint_id without DESC), so a limit keeps the oldest checkpoints",
  catches: [
    "test_list_ordering",
    "test_list_limit",
    "test_list_limit_plus_before",
    "test_list_empty_filter_is_no_filter",
    "test_list_combinations",
  ],
  create: () => new ListOldestFirst(),
} satisfies Mutant;
