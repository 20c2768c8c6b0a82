import type { ChannelVersions, Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { LatestOnlySaver } from "../fixtures/latest-only-saver.js";
import type { Mutant } from "./types.js";

/** Replaces the namespace's channel blobs with those in newVersions only, so unchanged channels vanish from the latest. */
class StoresOnlyNewVersions extends LatestOnlySaver {
  override async put(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    newVersions: ChannelVersions = {},
  ): Promise<RunnableConfig> {
    const channel_values = Object.fromEntries(Object.entries(checkpoint.channel_values).filter(([channel]) => channel in newVersions));
    return super.put(config, { ...checkpoint, channel_values }, metadata);
  }
}

export default {
  name: "latest-only-stores-only-new-versions",
  bug: "a shallow saver rewrites its channel blobs from newVersions only, so a channel unchanged by the last step reads back missing",
  baseline: "latest-only",
  catches: ["test_latest_reads_back_unchanged_channels"],
  create: () => new StoresOnlyNewVersions(),
} satisfies Mutant;
