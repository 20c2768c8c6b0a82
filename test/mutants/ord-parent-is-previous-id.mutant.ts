import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Derives the parent as the previous checkpoint by id (a LAG() over checkpoint_id) instead of storing it. */
class ParentIsPreviousId extends MemorySaver {
  private withPreviousAsParent(tuple: CheckpointTuple): CheckpointTuple {
    const { thread_id, checkpoint_ns = "", checkpoint_id } = tuple.config.configurable ?? {};
    const previous = Object.keys(this.storage[thread_id]?.[checkpoint_ns] ?? {})
      .filter((id) => id < checkpoint_id)
      .sort()
      .at(-1);
    const { parentConfig: _ignored, ...rest } = tuple;
    return previous === undefined
      ? rest
      : { ...rest, parentConfig: { configurable: { thread_id, checkpoint_ns, checkpoint_id: previous } } };
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const tuple = await super.getTuple(config);
    return tuple && this.withPreviousAsParent(tuple);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    for await (const tuple of super.list(config, options)) yield this.withPreviousAsParent(tuple);
  }
}

export default {
  name: "ord-parent-is-previous-id",
  bug: "parentConfig is derived as the previous checkpoint by id, which is wrong for a fork (its parent is older than its id-predecessor)",
  catches: ["test_ord_fork_parent_not_previous_id"],
  create: () => new ParentIsPreviousId(),
} satisfies Mutant;
