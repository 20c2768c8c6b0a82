import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Stores channel values per channel but no channel_versions map. */
class DropsChannelVersions extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    return super.put(config, { ...checkpoint, channel_versions: {} }, metadata);
  }
}

export default {
  name: "put-drops-channel-versions",
  bug: "put does not store channel_versions; they read back as {}",
  catches: ["test_put_preserves_channel_versions"],
  create: () => new DropsChannelVersions(),
} satisfies Mutant;
