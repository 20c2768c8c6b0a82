import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Accepts the filter option but never applies it. */
class ListIgnoresFilter extends MemorySaver {
  override list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    return super.list(config, { ...options, filter: undefined });
  }
}

export default {
  name: "list-ignores-filter",
  bug: "list() ignores the metadata filter and yields every checkpoint",
  catches: [
    "test_list_metadata_filter_single_key",
    "test_list_metadata_filter_step",
    "test_list_metadata_filter_no_match",
    "test_list_metadata_custom_keys",
    "test_list_combined_thread_and_filter",
    "test_list_combinations",
  ],
  create: () => new ListIgnoresFilter(),
} satisfies Mutant;
