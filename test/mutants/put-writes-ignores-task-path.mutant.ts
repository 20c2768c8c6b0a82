import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Has no task_path column: writes sort by task id alone (as SqliteSaver and PostgresSaver do). */
class IgnoresTaskPath extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string) {
    return super.putWrites(config, writes, taskId);
  }
}

export default {
  name: "put-writes-ignores-task-path",
  bug: "putWrites does not store taskPath, so pending writes come back in task-id order",
  catches: ["test_put_writes_order_task_path_before_task_id", "test_put_writes_order_empty_task_path_first"],
  create: () => new IgnoresTaskPath(),
} satisfies Mutant;
