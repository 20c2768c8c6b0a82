import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Creates its tables lazily in put(), and deleteThread() skips that setup (SqliteSaver 1.0.4's bug). */
class DeleteThreadNeedsSetup extends MemorySaver {
  private tablesCreated = false;

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    this.tablesCreated = true;
    return super.put(config, checkpoint, metadata);
  }

  override async deleteThread(threadId: string): Promise<void> {
    if (!this.tablesCreated) throw new Error("no such table: checkpoints");
    return super.deleteThread(threadId);
  }
}

export default {
  name: "delete-thread-needs-setup",
  bug: 'deleteThread() as the first call on a new saver throws "no such table" (storage is created lazily by put only)',
  catches: ["test_delete_thread_first_call_on_fresh_saver"],
  create: () => new DeleteThreadNeedsSetup(),
} satisfies Mutant;
