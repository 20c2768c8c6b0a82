import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, takeLimit } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/** Joins checkpoints to their parent with an INNER JOIN, which drops every checkpoint without a parent. */
class ListInnerJoinParent extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const all = await collect(super.list(config, { ...options, limit: undefined }));
    yield* takeLimit(
      all.filter((t) => t.parentConfig !== undefined),
      options.limit,
    );
  }
}

export default {
  name: "list-inner-join-parent",
  bug: "list() joins each checkpoint to its parent with an INNER JOIN, so root checkpoints (no parent) are never listed",
  catches: [
    "test_list_all",
    "test_list_by_thread",
    "test_list_by_namespace",
    "test_list_metadata_filter_single_key",
    "test_list_metadata_filter_multiple_keys",
    "test_list_metadata_custom_keys",
    "test_list_before",
    "test_list_includes_pending_writes",
    "test_list_multiple_namespaces",
  ],
  create: () => new ListInnerJoinParent(),
} satisfies Mutant;
