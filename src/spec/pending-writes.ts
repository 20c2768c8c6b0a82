import type { BaseCheckpointSaver, CheckpointPendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectDefined } from "../assert.js";

/** The namespaces the JS spec runs its write and read groups in: the root and a child. */
export const ROOT_AND_CHILD = ["", "child:1"] as const;

/** `ns ""` / `ns "child:1"`, for clauses that run in both namespaces. */
export function nsLabel(ns: string): string {
  return `ns ${JSON.stringify(ns)}`;
}

/**
 * The pending writes `getTuple(config)` attaches to a stored checkpoint
 * (`[]` when the saver leaves the field out). Fails when the checkpoint is not found.
 */
export async function pendingWritesOf(
  saver: BaseCheckpointSaver,
  config: RunnableConfig,
  where: string,
): Promise<CheckpointPendingWrite[]> {
  const tuple = await saver.getTuple(config);
  expectDefined(tuple, `getTuple(config put returned) must find the checkpoint ${where}`);
  return tuple.pendingWrites ?? [];
}

/** The writes of one task and/or channel. */
export function writesMatching(
  writes: readonly CheckpointPendingWrite[],
  match: { taskId?: string; channel?: string },
): CheckpointPendingWrite[] {
  return writes.filter(([taskId, channel]) => (match.taskId === undefined || taskId === match.taskId) && (match.channel === undefined || channel === match.channel));
}
