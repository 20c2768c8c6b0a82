import { MemorySaver, type ChannelVersions, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

const asText = (versions: ChannelVersions) => Object.fromEntries(Object.entries(versions).map(([k, v]) => [k, String(v)]));

/** Keeps versions in TEXT columns, so number 1 reads back as "1". */
class StringifiesVersions extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const versions_seen = Object.fromEntries(Object.entries(checkpoint.versions_seen).map(([node, seen]) => [node, asText(seen)]));
    return super.put(config, { ...checkpoint, channel_versions: asText(checkpoint.channel_versions), versions_seen }, metadata);
  }
}

export default {
  name: "put-stringifies-versions",
  bug: "channel_versions and versions_seen read back as strings (1 becomes \"1\")",
  catches: ["test_put_stores_checkpoint_without_alteration"],
  create: () => new StringifiesVersions(),
} satisfies Mutant;
