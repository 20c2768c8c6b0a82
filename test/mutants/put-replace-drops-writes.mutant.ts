import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { writesKey } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/**
 * put() is `INSERT OR REPLACE INTO checkpoints`, and the writes table references
 * the checkpoint row `ON DELETE CASCADE`: replacing a row is a delete then an
 * insert, so re-putting an id LangGraph already wrote writes for (the interrupt
 * flow) deletes them.
 */
class ReplaceDropsWrites extends MemorySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const threadId = config.configurable?.thread_id as string;
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? "";
    if (this.storage[threadId]?.[ns]?.[checkpoint.id] !== undefined) delete this.writes[writesKey(threadId, ns, checkpoint.id)];
    return super.put(config, checkpoint, metadata);
  }
}

export default {
  name: "put-replace-drops-writes",
  bug: "put() replaces an existing checkpoint row (INSERT OR REPLACE with a cascading foreign key), deleting the pending writes already stored for that id",
  catches: ["test_put_same_id_again_keeps_pending_writes"],
  create: () => new ReplaceDropsWrites(),
} satisfies Mutant;
