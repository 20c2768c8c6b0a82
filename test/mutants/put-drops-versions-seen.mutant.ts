import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Treats versions_seen as derivable and does not store it. */
class DropsVersionsSeen extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    return super.put(config, { ...checkpoint, versions_seen: {} }, metadata);
  }
}

export default {
  name: "put-drops-versions-seen",
  bug: "put does not store versions_seen; it reads back as {}",
  catches: ["test_put_preserves_versions_seen", "test_put_preserves_versions_seen_values"],
  create: () => new DropsVersionsSeen(),
} satisfies Mutant;
