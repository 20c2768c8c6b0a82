import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Keeps task ids in a 36-character column (sized for a bare uuid). */
class TruncatesTaskId extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    return super.putWrites(config, writes, taskId.slice(0, 36), taskPath);
  }
}

export default {
  name: "put-writes-truncates-task-id",
  bug: "task ids longer than 36 characters are cut (a VARCHAR(36) task_id column)",
  catches: ["test_put_writes_preserves_task_id"],
  create: () => new TruncatesTaskId(),
} satisfies Mutant;
