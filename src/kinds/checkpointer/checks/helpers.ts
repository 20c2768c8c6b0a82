import type { BaseCheckpointSaver, CheckpointListOptions, CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ConformanceError } from "../../../assert.js";
import { describeValue } from "../../../util/describe-value.js";
import { expectEqual, expectLength } from "../../../assert.js";
import { precondition } from "./precondition.js";

/**
 * How many independent calls a spec test's long setup or check makes at once
 * (puts to distinct namespaces, reads): a saver over a network answers them in
 * a fraction of the time. A chain of parents on one thread stays sequential.
 */
export const PARALLEL_CALLS = 8;

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
  if (
    produced === null ||
    typeof produced !== "object" ||
    typeof (produced as Record<symbol, unknown>)[Symbol.asyncIterator] !== "function"
  ) {
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

/**
 * Precondition on `list`: `list(config)` yields the `count` checkpoints just put
 * (`what` says where, e.g. `before deleteThread`). A list problem then reads
 * "not checked → see list" instead of failing the capability under test.
 */
export async function expectListedBefore(saver: BaseCheckpointSaver, config: RunnableConfig, count: number, what: string): Promise<void> {
  const step = `${what}, list() yields the ${count} checkpoint${count === 1 ? "" : "s"} just put`;
  await precondition("list", step, async () =>
    expectLength(await listAll(saver, config), count, `${what}, list() must yield the ${count} checkpoint(s) just put`),
  );
}

/**
 * Precondition on `list`: `list(config)` yields `latestId` first, the checkpoint
 * just put (true of latest-only savers too). Catches a list that yields nothing
 * or the wrong checkpoint before the capability under test is blamed.
 */
export async function expectLatestListedBefore(
  saver: BaseCheckpointSaver,
  config: RunnableConfig,
  latestId: unknown,
  what: string,
): Promise<void> {
  const where = config.configurable?.checkpoint_ns === undefined ? "" : ` (ns ${JSON.stringify(config.configurable.checkpoint_ns)})`;
  await precondition("list", `${what}, list() yields the latest checkpoint just put${where} first`, async () => {
    const listed = await listAll(saver, config);
    expectEqual(idsOf(listed.slice(0, 1)), [latestId], `${what}, list() must yield the latest checkpoint just put${where} first`);
  });
}

/** The checkpoint ids of tuples, in order. */
export function idsOf(tuples: readonly CheckpointTuple[]): string[] {
  return tuples.map((t) => t.checkpoint?.id ?? (t.config?.configurable?.checkpoint_id as string));
}

/** Sorts checkpoint ids newest first, the order `list()` must use within one namespace. */
export function newestFirst(ids: readonly string[]): string[] {
  return [...ids].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}
