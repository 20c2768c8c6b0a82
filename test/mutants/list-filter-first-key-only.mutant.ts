import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Builds its WHERE clause from the first filter entry only. */
class ListFilterFirstKeyOnly extends MemorySaver {
  override list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const first = Object.entries(options.filter ?? {}).slice(0, 1);
    return super.list(config, { ...options, filter: options.filter && Object.fromEntries(first) });
  }
}

export default {
  name: "list-filter-first-key-only",
  bug: "list() matches only the first key of a metadata filter and ignores the others",
  catches: ["test_list_metadata_filter_multiple_keys", "test_list_combinations"],
  create: () => new ListFilterFirstKeyOnly(),
} satisfies Mutant;
