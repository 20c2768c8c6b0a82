import { MemorySaver, type ChannelVersions, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Stores only the values named in newVersions and never looks up unchanged channels in an ancestor. */
class StoresOnlyNewVersions extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions = {}) {
    const channel_values = Object.fromEntries(Object.entries(checkpoint.channel_values).filter(([k]) => k in newVersions));
    return super.put(config, { ...checkpoint, channel_values }, metadata);
  }
}

export default {
  name: "put-stores-only-new-versions",
  bug: "channels not in newVersions are lost: unchanged channels are neither stored nor rebuilt from an ancestor",
  catches: ["test_put_incremental_channel_update", "test_put_carried_over_channels", "test_put_new_channel_added"],
  create: () => new StoresOnlyNewVersions(),
} satisfies Mutant;
