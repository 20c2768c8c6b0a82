import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, metadataOf, takeLimit } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/** Compares filter values with `==`, so the string "1" matches the number 1. */
class ListFilterLooseEquality extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const all = await collect(super.list(config, { ...options, filter: undefined, limit: undefined }));
    // eslint-disable-next-line eqeqeq -- the bug this mutant models
    const kept = all.filter((t) => Object.entries(options.filter ?? {}).every(([key, value]) => metadataOf(t)[key] == value));
    yield* takeLimit(kept, options.limit);
  }
}

export default {
  name: "list-filter-loose-equality",
  bug: 'list() compares filter values loosely (==), so filter {step: "1"} matches metadata step 1',
  catches: ["test_list_metadata_filter_type_strict"],
  create: () => new ListFilterLooseEquality(),
} satisfies Mutant;
