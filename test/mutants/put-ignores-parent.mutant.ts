import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Does not record config.configurable.checkpoint_id as the parent. */
class IgnoresParent extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const { checkpoint_id: _parent, ...rest } = config.configurable ?? {};
    return super.put({ ...config, configurable: rest }, checkpoint, metadata);
  }
}

export default {
  name: "put-ignores-parent",
  bug: "put does not record the parent (config.configurable.checkpoint_id): parentConfig is always undefined",
  catches: ["test_put_parent_config", "test_get_tuple_parent_config"],
  create: () => new IgnoresParent(),
} satisfies Mutant;
