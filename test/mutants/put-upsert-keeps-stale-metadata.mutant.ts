import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/**
 * put() is a field-by-field upsert (`$set: { "metadata.k": v }`, `UpdateItem SET`):
 * re-putting an id sets the keys the new metadata has and leaves the ones only
 * the old metadata had.
 */
class UpsertKeepsStaleMetadata extends MemorySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const threadId = config.configurable?.thread_id as string;
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? "";
    const stored = this.storage[threadId]?.[ns]?.[checkpoint.id];
    const old = stored === undefined ? {} : ((await this.serde.loadsTyped("json", stored[1])) as CheckpointMetadata);
    return super.put(config, checkpoint, { ...old, ...metadata });
  }
}

export default {
  name: "put-upsert-keeps-stale-metadata",
  bug: "put() of an existing id upserts metadata key by key, so keys the new metadata no longer has keep their old values",
  catches: ["test_put_same_id_again_replaces_checkpoint_and_metadata"],
  create: () => new UpsertKeepsStaleMetadata(),
} satisfies Mutant;
