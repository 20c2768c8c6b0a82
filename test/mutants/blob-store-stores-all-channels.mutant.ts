import type { ChannelVersions, Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { BlobStoreSaver } from "../fixtures/blob-store-saver.js";
import type { Mutant } from "./types.js";

/** Writes a blob for every channel of the checkpoint, not only the ones newVersions names. */
class StoresAllChannels extends BlobStoreSaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, _newVersions: ChannelVersions = {}) {
    return super.put(config, checkpoint, metadata, { ...checkpoint.channel_versions });
  }
}

export default {
  name: "blob-store-stores-all-channels",
  bug: "a blob store writes every channel's value on each put, ignoring newVersions (no storage saving)",
  baseline: "blob-store",
  catches: ["test_put_stores_only_changed_channels"],
  create: () => new StoresAllChannels(),
} satisfies Mutant;
