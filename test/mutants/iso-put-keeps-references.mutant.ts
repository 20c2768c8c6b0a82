import { MemorySaver, type Checkpoint, type CheckpointMetadata, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** A write-through cache that keeps the caller's checkpoint and metadata objects and serves reads from them. */
class WriteThroughCache extends MemorySaver {
  private readonly cache = new Map<string, { checkpoint: Checkpoint; metadata: CheckpointMetadata }>();

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const returned = await super.put(config, checkpoint, metadata);
    this.cache.set(checkpoint.id, { checkpoint, metadata });
    return returned;
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const tuple = await super.getTuple(config);
    const cached = tuple && this.cache.get(tuple.checkpoint.id);
    return tuple && cached ? { ...tuple, ...cached } : tuple;
  }
}

export default {
  name: "iso-put-keeps-references",
  bug: "put() keeps references to the caller's checkpoint and metadata (a write-through cache), so mutating them after put changes what is read",
  catches: ["test_iso_put_does_not_keep_caller_objects"],
  create: () => new WriteThroughCache(),
} satisfies Mutant;
