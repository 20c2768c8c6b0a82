import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { GraphMutant } from "./types.js";

/** Channel values live in a blob table keyed by (thread, ns, channel, version), inserted ON CONFLICT DO NOTHING. */
class BlobsByVersion extends MemorySaver {
  private readonly blobs = new Map<string, unknown>();

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const { thread_id, checkpoint_ns = "" } = config.configurable ?? {};
    const values: Record<string, unknown> = {};
    for (const [channel, value] of Object.entries(checkpoint.channel_values)) {
      const key = JSON.stringify([thread_id, checkpoint_ns, channel, checkpoint.channel_versions[channel]]);
      if (!this.blobs.has(key)) this.blobs.set(key, value);
      values[channel] = this.blobs.get(key);
    }
    return super.put(config, { ...checkpoint, channel_values: values }, metadata);
  }
}

export default {
  name: "blobs-by-version",
  bug: "channel values are stored once per (thread, ns, channel, version), so a fork or replay that reuses a version number reads the old branch's value",
  catches: ["G06", "G07", "G08", "G09", "G13", "G20"],
  create: () => new BlobsByVersion(),
} satisfies GraphMutant;
