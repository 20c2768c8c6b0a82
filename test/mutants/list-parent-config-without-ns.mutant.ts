import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Builds list()'s parentConfig from thread_id and checkpoint_id only (getTuple's also names checkpoint_ns). */
class ListParentConfigWithoutNs extends MemorySaver {
  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    for await (const tuple of super.list(config, options)) {
      if (!tuple.parentConfig) {
        yield tuple;
        continue;
      }
      const { thread_id, checkpoint_id } = tuple.parentConfig.configurable ?? {};
      yield { ...tuple, parentConfig: { configurable: { thread_id, checkpoint_id } } };
    }
  }
}

export default {
  name: "list-parent-config-without-ns",
  bug: "list() yields a parentConfig without checkpoint_ns, unlike getTuple() for the same checkpoint",
  catches: ["test_list_matches_get_tuple", "test_list_combinations"],
  create: () => new ListParentConfigWithoutNs(),
} satisfies Mutant;
