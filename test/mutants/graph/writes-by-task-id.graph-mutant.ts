import { BaseCheckpointSaver, MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { GraphMutant } from "./types.js";

/** Pending writes sorted by task id (stable, so idx order holds within a task), ignoring the task path. */
function byTaskId(tuple: CheckpointTuple): CheckpointTuple {
  const writes = [...(tuple.pendingWrites ?? [])].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { ...tuple, pendingWrites: writes };
}

class WritesByTaskId extends MemorySaver {
  // Like SqliteSaver: no own delta-history query; the base class walks getTuple(), which carries the bug.
  override getDeltaChannelHistory = BaseCheckpointSaver.prototype.getDeltaChannelHistory;

  override async getTuple(config: RunnableConfig) {
    const tuple = await super.getTuple(config);
    return tuple && byTaskId(tuple);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions) {
    for await (const tuple of super.list(config, options)) yield byTaskId(tuple);
  }
}

export default {
  name: "writes-by-task-id",
  bug: "pendingWrites come back ordered by task id only (no task path stored), like `ORDER BY task_id, idx`",
  catches: ["G18"],
  create: () => new WritesByTaskId(),
} satisfies GraphMutant;
