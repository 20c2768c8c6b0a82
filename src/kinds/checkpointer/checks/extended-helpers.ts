import type { BaseCheckpointSaver, CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ConformanceError, expectEqual } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { listAll } from "./helpers.js";

/** Root and child namespace: every DCH (and CT-10) check runs in both, as the JS spec does. */
export const NAMESPACES = ["", "child:1"] as const;

/** `ns ""` / `ns "child:1"`, for clauses. */
export function nsLabel(ns: string): string {
  return `ns ${JSON.stringify(ns)}`;
}

/** A config naming only the thread: `list()` then yields every namespace. */
export function wholeThread(threadId: string): RunnableConfig {
  return { configurable: { thread_id: threadId } };
}

/** `metadata.run_id` of each tuple, in list order. */
export function runIdsOf(tuples: readonly CheckpointTuple[]): unknown[] {
  return tuples.map((t) => (t.metadata as Record<string, unknown> | undefined)?.run_id);
}

/** The `run_id`s listed on a thread (every namespace unless one is given). */
export async function listedRunIds(saver: BaseCheckpointSaver, threadId: string, ns?: string): Promise<unknown[]> {
  const config = ns === undefined ? wholeThread(threadId) : { configurable: { thread_id: threadId, checkpoint_ns: ns } };
  return runIdsOf(await listAll(saver, config));
}

export function expectIncludes(values: readonly unknown[], value: unknown, clause: string): void {
  if (!values.includes(value)) {
    throw new ConformanceError(clause, { expected: `a list including ${formatValue(value)}`, actual: values });
  }
}

export function expectExcludes(values: readonly unknown[], value: unknown, clause: string): void {
  if (values.includes(value)) {
    throw new ConformanceError(clause, { expected: `a list without ${formatValue(value)}`, actual: values });
  }
}

/** What of a tuple a copy or a no-op must keep: its ids, parent, checkpoint, metadata and writes. */
export function tupleSnapshot(tuple: CheckpointTuple): Record<string, unknown> {
  const c = tuple.config?.configurable ?? {};
  return {
    thread_id: c.thread_id,
    checkpoint_ns: c.checkpoint_ns ?? "",
    checkpoint_id: c.checkpoint_id,
    parent_checkpoint_id: tuple.parentConfig?.configurable?.checkpoint_id,
    checkpoint: tuple.checkpoint,
    metadata: tuple.metadata,
    pendingWrites: tuple.pendingWrites ?? [],
  };
}

/** Every tuple of a thread (all namespaces), as {@link tupleSnapshot}s. */
export async function threadSnapshot(saver: BaseCheckpointSaver, threadId: string): Promise<Record<string, unknown>[]> {
  return (await listAll(saver, wholeThread(threadId))).map(tupleSnapshot);
}

/** Runs `act` and requires every tuple of the thread to read back exactly as before it. */
export async function expectThreadUnchanged(
  saver: BaseCheckpointSaver,
  threadId: string,
  act: () => Promise<unknown>,
  clause: string,
): Promise<void> {
  const before = await threadSnapshot(saver, threadId);
  await act();
  expectEqual(await threadSnapshot(saver, threadId), before, clause);
}
