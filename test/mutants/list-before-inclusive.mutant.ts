import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, takeLimit } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/** Pages with `checkpoint_id <= before` instead of `<`, so the cursor itself comes back. */
class ListBeforeInclusive extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const cursor = options.before?.configurable?.checkpoint_id as string | undefined;
    const all = await collect(super.list(config, { ...options, before: undefined, limit: undefined }));
    yield* takeLimit(
      all.filter((t) => cursor === undefined || t.checkpoint.id <= cursor),
      options.limit,
    );
  }
}

export default {
  name: "list-before-inclusive",
  bug: "list() treats before as inclusive (checkpoint_id <= before), so the cursor checkpoint is listed again",
  catches: ["test_list_before", "test_list_limit_plus_before", "test_list_before_uses_only_checkpoint_id"],
  create: () => new ListBeforeInclusive(),
} satisfies Mutant;
