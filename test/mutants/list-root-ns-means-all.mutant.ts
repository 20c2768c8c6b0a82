import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Tests the namespace for truthiness (`if (checkpoint_ns)`), so "" drops the namespace condition. */
class ListRootNsMeansAll extends MemorySaver {
  override list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const { checkpoint_ns, ...rest } = config.configurable ?? {};
    return super.list(checkpoint_ns ? config : { ...config, configurable: rest }, options);
  }
}

export default {
  name: "list-root-ns-means-all",
  bug: 'list() checks checkpoint_ns for truthiness, so checkpoint_ns "" lists every namespace instead of the root only',
  catches: ["test_list_by_namespace", "test_list_multiple_namespaces", "test_list_combinations"],
  create: () => new ListRootNsMeansAll(),
} satisfies Mutant;
