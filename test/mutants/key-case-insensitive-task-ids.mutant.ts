import { MemorySaver, WRITES_IDX_MAP, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { writesKeyOf } from "./memory-internals.js";
import type { Mutant } from "./types.js";

/**
 * The writes table's key (thread, ns, checkpoint, task_id, idx) compares under
 * a case-insensitive collation and inserts with ON CONFLICT DO NOTHING: a write
 * of task "TASK" is dropped when task "task" already wrote at that index.
 */
class CaseInsensitiveTaskIds extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
    const stored = Object.keys(this.writes[writesKeyOf(config)] ?? {});
    const collides = (key: string) => stored.some((other) => other !== key && other.toLowerCase() === key.toLowerCase());
    const kept = writes.filter(([channel], idx) => !collides(`${taskId},${WRITES_IDX_MAP[channel] || idx}`));
    if (kept.length > 0) await super.putWrites(config, kept, taskId, taskPath);
  }
}

export default {
  name: "key-case-insensitive-task-ids",
  bug: 'keys writes by task id under a case-insensitive collation with "on conflict do nothing": the write of task "TASK" is dropped when task "task" wrote at the same index',
  catches: ["test_key_put_writes_keeps_each_task_id"],
  create: () => new CaseInsensitiveTaskIds(),
} satisfies Mutant;
