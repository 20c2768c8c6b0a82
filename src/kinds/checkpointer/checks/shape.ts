import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { ConformanceError } from "../../../assert.js";
import { describeValue } from "../../../util/describe-value.js";

/**
 * Shape checks on what a saver returns, so a saver that returns garbage gets
 * "getTuple() returned null …" instead of "Cannot read properties of null"
 * from deep inside a spec test.
 */

const TUPLE_SHAPE = "CheckpointTuple { config, checkpoint, metadata?, parentConfig?, pendingWrites? }";

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function configProblems(value: unknown, path: string): string[] {
  if (!isPlainRecord(value)) return [`${path} is ${describeValue(value)}, expected a RunnableConfig object`];
  if (!isPlainRecord(value.configurable)) return [`${path}.configurable is ${describeValue(value.configurable)}, expected an object`];
  return [];
}

function objectField(owner: Record<string, unknown>, key: string, path: string): string[] {
  return isPlainRecord(owner[key]) ? [] : [`${path}.${key} is ${describeValue(owner[key])}, expected an object`];
}

/** What is wrong with a value that should be a CheckpointTuple; empty when nothing is. */
export function tupleProblems(tuple: unknown, path = "the tuple"): string[] {
  if (!isPlainRecord(tuple)) return [`${path} is ${describeValue(tuple)}, expected a ${TUPLE_SHAPE}`];
  const problems = configProblems(tuple.config, `${path}.config`);
  const checkpoint = tuple.checkpoint;
  if (!isPlainRecord(checkpoint)) {
    problems.push(`${path}.checkpoint is ${describeValue(checkpoint)}, expected a Checkpoint object`);
  } else {
    if (typeof checkpoint.id !== "string") problems.push(`${path}.checkpoint.id is ${describeValue(checkpoint.id)}, expected a string`);
    for (const key of ["channel_values", "channel_versions", "versions_seen"]) {
      problems.push(...objectField(checkpoint, key, `${path}.checkpoint`));
    }
  }
  if (tuple.metadata !== undefined) problems.push(...objectField(tuple, "metadata", path));
  if (tuple.parentConfig === null) problems.push(`${path}.parentConfig is null; a checkpoint without a parent has parentConfig undefined`);
  else if (tuple.parentConfig !== undefined) problems.push(...configProblems(tuple.parentConfig, `${path}.parentConfig`));
  problems.push(...pendingWritesProblems(tuple.pendingWrites, `${path}.pendingWrites`));
  return problems;
}

function pendingWritesProblems(writes: unknown, path: string): string[] {
  if (writes === undefined) return [];
  if (!Array.isArray(writes)) return [`${path} is ${describeValue(writes)}, expected an array of [taskId, channel, value]`];
  const bad = writes.findIndex((w) => !Array.isArray(w) || w.length !== 3 || typeof w[0] !== "string" || typeof w[1] !== "string");
  return bad === -1 ? [] : [`${path}[${bad}] is ${describeValue(writes[bad])}, expected [taskId: string, channel: string, value]`];
}

/** `getTuple()`'s result must be a well-formed tuple or `undefined` (never `null`). */
export function expectTupleOrUndefined(value: unknown, method = "getTuple()"): void {
  if (value === undefined) return;
  if (value === null) {
    throw new ConformanceError(`${method} resolved to null; when no checkpoint matches it must resolve to undefined (never null)`, {
      expected: undefined,
      actual: null,
    });
  }
  const problems = tupleProblems(value);
  if (problems.length > 0) throw malformed(`${method} resolved to a malformed CheckpointTuple`, problems);
}

/** `put()` must resolve to the stored checkpoint's config. */
export function expectPutConfig(value: unknown): void {
  const problems = configProblems(value, "the returned config");
  if (problems.length > 0) {
    throw malformed(
      "put() must resolve to the stored checkpoint's config { configurable: { thread_id, checkpoint_ns, checkpoint_id } }",
      problems,
    );
  }
}

/** `list()` must return an async iterable (an AsyncGenerator), not an array, a promise or a plain iterator. */
export function expectAsyncIterable(value: unknown): asserts value is AsyncIterable<unknown> {
  if (typeof (value as Record<symbol, unknown> | null)?.[Symbol.asyncIterator] === "function") return;
  throw new ConformanceError("list() must return an AsyncGenerator of CheckpointTuple (declare it `async *list(...)`)", {
    expected: "an async iterable",
    actual: describeValue(value),
  });
}

function malformed(clause: string, problems: readonly string[]): ConformanceError {
  return new ConformanceError(clause, { details: problems.map((p) => `- ${p}`) });
}

/**
 * A view of `saver` whose `put`, `getTuple` and `list` results are shape-checked:
 * a malformed result rejects with a ConformanceError that says what is wrong.
 * Everything else passes through unchanged.
 */
export function withShapeChecks(saver: BaseCheckpointSaver): BaseCheckpointSaver {
  return new Proxy(saver, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function" || prop === "constructor") return value;
      const method = value as (...args: unknown[]) => unknown;
      switch (prop) {
        case "getTuple":
          return async (...args: unknown[]) => {
            const tuple = await method.apply(target, args);
            expectTupleOrUndefined(tuple);
            return tuple;
          };
        case "put":
          return async (...args: unknown[]) => {
            const config = await method.apply(target, args);
            expectPutConfig(config);
            return config;
          };
        case "list":
          return (...args: unknown[]) => {
            const produced = method.apply(target, args);
            expectAsyncIterable(produced);
            return checkedTuples(produced);
          };
        default:
          // Bound to the target so savers with private (#) fields keep working.
          return (...args: unknown[]) => method.apply(target, args);
      }
    },
  });
}

async function* checkedTuples(tuples: AsyncIterable<unknown>): AsyncGenerator<unknown> {
  let index = 0;
  for await (const tuple of tuples) {
    const problems = tupleProblems(tuple, `tuple #${index}`);
    if (problems.length > 0) throw malformed(`list() yielded a malformed CheckpointTuple (#${index})`, problems);
    index++;
    yield tuple;
  }
}
