import type { BaseCheckpointSaver, CheckpointListOptions, CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ConformanceError } from "../assert.js";
import { describeValue } from "../engine/describe-value.js";

/**
 * Drains `saver.list(config, options)` into an array, with a clear failure
 * when `list()` does not return an async iterable (an array, a promise, a plain
 * iterator), and a cap so an endless generator cannot hang the test.
 */
export async function listAll(
  saver: BaseCheckpointSaver,
  config: RunnableConfig,
  options?: CheckpointListOptions,
  cap = 10_000,
): Promise<CheckpointTuple[]> {
  const produced: unknown = saver.list(config, options);
  if (produced === null || typeof produced !== "object" || typeof (produced as Record<symbol, unknown>)[Symbol.asyncIterator] !== "function") {
    throw new ConformanceError("list() must return an AsyncGenerator of CheckpointTuple (declare it `async *list(...)`)", {
      expected: "an async iterable",
      actual: describeValue(produced),
    });
  }
  const out: CheckpointTuple[] = [];
  for await (const tuple of produced as AsyncIterable<CheckpointTuple>) {
    out.push(tuple);
    if (out.length > cap) throw new ConformanceError(`list() yielded more than ${cap} tuples; it does not seem to end`);
  }
  return out;
}

/** The checkpoint ids of tuples, in order. */
export function idsOf(tuples: readonly CheckpointTuple[]): string[] {
  return tuples.map((t) => t.checkpoint?.id ?? (t.config?.configurable?.checkpoint_id as string));
}

/** Sorts checkpoint ids newest first, the order `list()` must use within one namespace. */
export function newestFirst(ids: readonly string[]): string[] {
  return [...ids].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}
