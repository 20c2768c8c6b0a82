import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, takeLimit } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/** Applies the cursor only to tuples of the cursor's own thread (a (thread_id, checkpoint_id) row comparison). */
class ListBeforeSameThreadOnly extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const cursor = options.before?.configurable;
    const all = await collect(super.list(config, { ...options, before: undefined, limit: undefined }));
    const kept = all.filter(
      (t) =>
        cursor?.checkpoint_id === undefined ||
        t.config.configurable?.thread_id !== cursor.thread_id ||
        t.checkpoint.id < cursor.checkpoint_id,
    );
    yield* takeLimit(kept, options.limit);
  }
}

export default {
  name: "list-before-same-thread-only",
  bug: "list() applies before only to the cursor's own thread (compares (thread_id, checkpoint_id)), ignoring it for other threads",
  catches: ["test_list_before_uses_only_checkpoint_id", "test_list_combinations", "test_list_without_thread_id_lists_every_thread"],
  create: () => new ListBeforeSameThreadOnly(),
} satisfies Mutant;
