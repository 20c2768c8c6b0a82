import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Merges config.configurable and config.metadata into the stored metadata, as Python's get_checkpoint_metadata does. */
class MergesConfigIntoMetadata extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const fromConfig = Object.fromEntries(
      Object.entries({ ...config.configurable, ...config.metadata }).filter(([k]) => !k.startsWith("__")),
    );
    return super.put(config, checkpoint, { ...fromConfig, ...metadata } as CheckpointMetadata);
  }
}

export default {
  name: "put-merges-config-into-metadata",
  bug: "put merges keys of config.configurable and config.metadata into the stored metadata",
  catches: ["test_put_stores_metadata_without_alteration", "test_get_tuple_metadata"],
  create: () => new MergesConfigIntoMetadata(),
} satisfies Mutant;
