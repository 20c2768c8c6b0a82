import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { writesKeyOf } from "./memory-internals.js";
import type { Mutant } from "./types.js";

/** Keys writes by (checkpoint, idx) only: index 0 of a second task collides with the first task's and is ignored. */
class KeyIgnoresTaskId extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const key = writesKeyOf(config);
    const heldByOthers = new Set(
      Object.keys(this.writes[key] ?? {})
        .filter((inner) => !inner.startsWith(`${taskId},`))
        .map((inner) => inner.slice(inner.lastIndexOf(",") + 1)),
    );
    await super.putWrites(config, writes, taskId, taskPath);
    writes.forEach((_, idx) => {
      if (heldByOthers.has(String(idx))) delete this.writes[key][`${taskId},${idx}`];
    });
  }
}

export default {
  name: "put-writes-key-ignores-task-id",
  bug: "writes are keyed by (checkpoint, idx) without the task id, so two tasks' writes at index 0 collide",
  catches: ["test_put_writes_multiple_tasks"],
  create: () => new KeyIgnoresTaskId(),
} satisfies Mutant;
