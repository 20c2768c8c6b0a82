import { MemorySaver, uuid6, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Gives every stored row an id of its own instead of keeping checkpoint.id. */
class GeneratesOwnCheckpointId extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    return super.put(config, { ...checkpoint, id: uuid6(-1) }, metadata);
  }
}

export default {
  name: "put-generates-own-checkpoint-id",
  bug: "put stores the checkpoint under a fresh id of its own, not checkpoint.id",
  catches: ["test_put_roundtrip", "test_put_returns_config"],
  create: () => new GeneratesOwnCheckpointId(),
} satisfies Mutant;
