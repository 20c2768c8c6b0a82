import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Stores only LangGraph's own metadata keys, as a saver with fixed metadata columns would. */
class DropsCustomMetadata extends MemorySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const { source, step, parents } = metadata;
    return super.put(config, checkpoint, { source, step, parents } as CheckpointMetadata);
  }
}

export default {
  name: "put-drops-custom-metadata",
  bug: "put() keeps only source, step and parents of the metadata (fixed columns), dropping custom keys",
  catches: ["test_put_preserves_metadata", "test_put_preserves_run_id"],
  create: () => new DropsCustomMetadata(),
} satisfies Mutant;
