import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Mixes up the 3rd and 4th arguments when a taskPath is given. */
class PathAsTaskId extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    return super.putWrites(config, writes, taskPath || taskId, taskPath);
  }
}

export default {
  name: "put-writes-path-as-task-id",
  bug: "when a taskPath is given, it is stored as the write's task id",
  catches: ["test_put_writes_task_path"],
  create: () => new PathAsTaskId(),
} satisfies Mutant;
