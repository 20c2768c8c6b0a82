import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Returns the caller's configurable with the new checkpoint_id spread over it. */
class EchoesCallerConfigurable extends MemorySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const returned = await super.put(config, checkpoint, metadata);
    return { configurable: { ...config.configurable, ...returned.configurable } };
  }
}

export default {
  name: "put-echoes-caller-configurable",
  bug: "the config put returns carries every key of the caller's configurable",
  catches: ["test_put_returned_config_has_no_foreign_keys"],
  create: () => new EchoesCallerConfigurable(),
} satisfies Mutant;
