import type { BaseCheckpointSaver, CheckpointPendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectDefined } from "../../../assert.js";
import { precondition } from "./precondition.js";

/** The namespaces the JS spec runs its write and read groups in: the root and a child. */
export const ROOT_AND_CHILD = ["", "child:1"] as const;

/** `ns ""` / `ns "child:1"`, for clauses that run in both namespaces. */
export function nsLabel(ns: string): string {
  return `ns ${JSON.stringify(ns)}`;
}

/**
 * The pending writes `getTuple(config)` attaches to a stored checkpoint
 * (`[]` when the saver leaves the field out). A checkpoint not found is a
 * precondition failure on get_tuple (a failure when get_tuple is under test).
 */
export async function pendingWritesOf(
  saver: BaseCheckpointSaver,
  config: RunnableConfig,
  where: string,
): Promise<CheckpointPendingWrite[]> {
  // Finding the checkpoint is get_tuple's part; the writes it carries are the clause of the caller.
  const tuple = await precondition("get_tuple", `getTuple(config put returned) finds the checkpoint ${where}`, async () => {
    const found = await saver.getTuple(config);
    expectDefined(found, `getTuple(config put returned) must find the checkpoint ${where}`);
    return found;
  });
  return tuple.pendingWrites ?? [];
}

/** The writes of one task and/or channel. */
export function writesMatching(
  writes: readonly CheckpointPendingWrite[],
  match: { taskId?: string; channel?: string },
): CheckpointPendingWrite[] {
  return writes.filter(
    ([taskId, channel]) =>
      (match.taskId === undefined || taskId === match.taskId) && (match.channel === undefined || channel === match.channel),
  );
}
