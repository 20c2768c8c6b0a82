import { MemorySaver, WRITES_IDX_MAP, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { writesKeyOf } from "./memory-internals.js";
import type { Mutant } from "./types.js";

/**
 * Writes are keyed `<checkpoint>:<task_id><idx>` (task id and idx concatenated)
 * and inserted if absent: with task ids of different lengths, task "t1" at idx 0
 * and task "t" at idx 10 share "t10", and the later write is dropped.
 */
class TaskIdxJoined extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const stored = () => this.writes[writesKeyOf(config)] ?? {};
    const joined = (inner: string) => inner.slice(0, inner.lastIndexOf(",")) + inner.slice(inner.lastIndexOf(",") + 1);
    const taken = new Set(
      Object.keys(stored())
        .filter((inner) => !inner.startsWith(`${taskId},`))
        .map(joined),
    );
    await super.putWrites(config, writes, taskId, taskPath);
    writes.forEach(([channel], position) => {
      const idx = WRITES_IDX_MAP[channel] ?? position;
      if (idx >= 0 && taken.has(`${taskId}${idx}`)) delete stored()[`${taskId},${idx}`];
    });
  }
}

export default {
  name: "put-writes-task-idx-joined",
  bug: 'writes are keyed by task id and idx concatenated without a separator, so a write of task "t1" at idx 0 and of task "t" at idx 10 collide and one is lost',
  catches: ["test_put_writes_keys_keep_tasks_apart"],
  create: () => new TaskIdxJoined(),
} satisfies Mutant;
