/**
 * The JS validation suite's list() matrix (thread x namespace x limit x before
 * x filter) as data and an oracle, so a few spec tests can check hundreds of
 * combinations and name each one that breaks.
 */
import type { BaseCheckpointSaver, CheckpointListOptions, CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ConformanceError, expectDefined, expectEqual } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { listAll, newestFirst, PARALLEL_CALLS } from "./helpers.js";
import { mapBounded } from "../../../util/bounded.js";
import type { SpecContext } from "./types.js";

const NAMESPACES = ["", "child"] as const;

/** A `before` cursor, labelled for failure messages. */
interface Cursor {
  readonly label: string;
  readonly config: RunnableConfig;
}

/** What the matrix put: every stored tuple as getTuple returns it, by checkpoint id. */
export interface MatrixData {
  readonly threads: readonly { label: string; id: string }[];
  readonly unknownThread: string;
  readonly stored: ReadonlyMap<string, CheckpointTuple>;
  readonly cursors: readonly Cursor[];
}

export interface ListCase {
  readonly threadId?: string;
  readonly threadLabel: string;
  readonly ns?: string;
  readonly limit?: number;
  readonly before?: Cursor;
  readonly filter?: Record<string, unknown>;
}

interface Placed {
  threadId: string;
  ns: string;
  config: RunnableConfig;
}

/**
 * Two threads, each with a parent and a child checkpoint in "" and "child",
 * each with one pending write. All parents are put before all children, so a
 * cursor from one thread cuts the other thread in the middle. Parents have
 * metadata source "input", step -1; children source "loop", step 0.
 */
export async function putMatrixData(ctx: SpecContext): Promise<MatrixData> {
  const threads = [0, 1].map((i) => ({ label: `T${i}`, id: ctx.threadId(`list-matrix-${i}`) }));
  const parents: Placed[] = [];
  for (const ns of NAMESPACES) {
    for (const { id: threadId } of threads) {
      const checkpoint = generateCheckpoint({ channelValues: { animals: ["dog"] }, channelVersions: { animals: 1 } });
      const config = await ctx.saver.put(generateConfig(threadId, ns), checkpoint, generateMetadata("input", -1), { animals: 1 });
      await ctx.saver.putWrites(config, [["animals", ["dog", "fish"]]], "add_fish");
      parents.push({ threadId, ns, config });
    }
  }
  const children: Placed[] = [];
  for (const parent of parents) {
    const checkpoint = generateCheckpoint({ channelValues: { animals: ["dog", "fish"] }, channelVersions: { animals: 2 } });
    const putConfig = generateConfig(parent.threadId, parent.ns, parent.config.configurable?.checkpoint_id as string);
    const config = await ctx.saver.put(putConfig, checkpoint, generateMetadata("loop", 0), { animals: 2 });
    await ctx.saver.putWrites(config, [["animals", ["dog", "fish", "cat"]]], "add_cat");
    children.push({ threadId: parent.threadId, ns: parent.ns, config });
  }
  const stored = new Map<string, CheckpointTuple>();
  const placedAll = [...parents, ...children];
  const tuples = await mapBounded(placedAll, PARALLEL_CALLS, (placed) => ctx.saver.getTuple(placed.config));
  for (const [i, placed] of placedAll.entries()) {
    const tuple = tuples[i];
    expectDefined(tuple, "getTuple(config returned by put) must find the checkpoint (the list tests compare list() with getTuple())");
    stored.set(placed.config.configurable?.checkpoint_id as string, tuple);
  }
  const label = (p: Placed, kind: string) => `${threads.find((t) => t.id === p.threadId)!.label}/${JSON.stringify(p.ns)} ${kind}`;
  return {
    threads,
    unknownThread: ctx.threadId("list-matrix-unknown"),
    stored,
    cursors: [
      { label: label(parents[1]!, "parent"), config: parents[1]!.config },
      { label: label(children[0]!, "child"), config: children[0]!.config },
    ],
  };
}

const LIMITS = [undefined, 1, 2] as const;
const FILTERS: readonly (Record<string, unknown> | undefined)[] = [
  undefined,
  {},
  { source: "input" },
  { source: "loop" },
  { source: "input", step: 0 },
];

/** Every combination, for the given thread choices (a thread id, or undefined for "no thread_id"). */
export function* listCases(data: MatrixData, threads: readonly { label: string; id?: string }[]): Generator<ListCase> {
  for (const thread of threads) {
    for (const ns of [undefined, ...NAMESPACES]) {
      for (const limit of LIMITS) {
        for (const before of [undefined, ...data.cursors]) {
          for (const filter of FILTERS) {
            yield { threadId: thread.id, threadLabel: thread.label, ns, limit, before, filter };
          }
        }
      }
    }
  }
}

/** The call, as a reader would write it: `list({ thread_id: T0, checkpoint_ns: "" }, { limit: 1, before: <T1/"" parent> })`. */
export function describeCase(c: ListCase): string {
  const config = [
    ...(c.threadId !== undefined ? [`thread_id: ${c.threadLabel}`] : []),
    ...(c.ns !== undefined ? [`checkpoint_ns: ${JSON.stringify(c.ns)}`] : []),
  ];
  const options = [
    ...(c.limit !== undefined ? [`limit: ${c.limit}`] : []),
    ...(c.before ? [`before: <${c.before.label}>`] : []),
    ...(c.filter !== undefined ? [`filter: ${formatValue(c.filter)}`] : []),
  ];
  const configText = config.length ? `{ configurable: { ${config.join(", ")} } }` : "{ configurable: {} }";
  return `list(${configText}${options.length ? `, { ${options.join(", ")} }` : ""})`;
}

/** Why a tuple does not belong in the answer to `c`, or undefined when it does. */
function mismatch(tuple: CheckpointTuple, c: ListCase): string | undefined {
  const configurable = tuple.config?.configurable ?? {};
  const metadata = (tuple.metadata ?? {}) as Record<string, unknown>;
  const beforeId = c.before?.config.configurable?.checkpoint_id as string | undefined;
  if (c.threadId !== undefined && configurable.thread_id !== c.threadId) return `its thread_id is not the listed thread ${c.threadLabel}`;
  if (c.ns !== undefined && configurable.checkpoint_ns !== c.ns) return `its checkpoint_ns is not ${JSON.stringify(c.ns)}`;
  if (beforeId !== undefined && !(tuple.checkpoint.id < beforeId))
    return `its checkpoint_id is not below before's checkpoint_id ${beforeId} (only that id counts, not before's thread or namespace)`;
  const failedKey = Object.entries(c.filter ?? {}).find(([key, value]) => metadata[key] !== value);
  if (failedKey) return `its metadata.${failedKey[0]} is not ${formatValue(failedKey[1])} (filter values compare with ===)`;
  return undefined;
}

const matches = (tuple: CheckpointTuple, c: ListCase) => mismatch(tuple, c) === undefined;

function runCase(saver: BaseCheckpointSaver, c: ListCase): Promise<CheckpointTuple[]> {
  const configurable = {
    ...(c.threadId !== undefined ? { thread_id: c.threadId } : {}),
    ...(c.ns !== undefined ? { checkpoint_ns: c.ns } : {}),
  };
  const options: CheckpointListOptions = {
    ...(c.limit !== undefined ? { limit: c.limit } : {}),
    ...(c.before ? { before: c.before.config } : {}),
    ...(c.filter !== undefined ? { filter: c.filter } : {}),
  };
  return listAll(saver, { configurable }, options);
}

function where(tuple: CheckpointTuple): string {
  const c = tuple.config?.configurable ?? {};
  return `${formatValue(c.thread_id)}/${formatValue(c.checkpoint_ns)} ${formatValue(tuple.checkpoint?.id)} (metadata ${formatValue(tuple.metadata)})`;
}

/**
 * A listed tuple must equal what getTuple returns for its id (LS-17): the
 * config names exactly (thread_id, checkpoint_ns, checkpoint_id), and the
 * checkpoint, metadata, parentConfig and pendingWrites are the same.
 */
export function expectListedEqualsStored(listed: CheckpointTuple, stored: CheckpointTuple, context: string): void {
  const { thread_id, checkpoint_ns, checkpoint_id } = stored.config?.configurable ?? {};
  const id = listed.checkpoint?.id;
  expectEqual(
    listed.config,
    { configurable: { thread_id, checkpoint_ns: checkpoint_ns ?? "", checkpoint_id: checkpoint_id ?? id } },
    `${context}: a listed tuple's config must be { configurable: { thread_id, checkpoint_ns, checkpoint_id } } of that checkpoint`,
  );
  for (const key of ["checkpoint", "metadata", "parentConfig", "pendingWrites"] as const) {
    expectEqual(
      listed[key],
      stored[key],
      `${context}: the listed tuple's ${key} must equal getTuple()'s for checkpoint ${formatValue(id)}`,
    );
  }
}

/**
 * Checks one combination against the stored data. Tuples of other threads
 * (another test's data on a shared saver) are allowed only where no thread_id
 * is given, and must still meet every predicate.
 */
export async function checkCase(saver: BaseCheckpointSaver, data: MatrixData, c: ListCase): Promise<void> {
  const listed = await runCase(saver, c);
  const ours = new Set(data.threads.map((t) => t.id));
  const seen = new Set<string>();
  for (const tuple of listed) {
    const why = mismatch(tuple, c);
    if (why !== undefined) {
      throw new ConformanceError(`list() yielded a tuple that does not meet the call's predicates: ${why}`, {
        details: [`tuple: ${where(tuple)}`],
      });
    }
    const key = `${tuple.config?.configurable?.thread_id}\u0000${tuple.config?.configurable?.checkpoint_ns}\u0000${tuple.checkpoint.id}`;
    if (seen.has(key)) throw new ConformanceError("list() yielded the same checkpoint twice", { actual: where(tuple) });
    seen.add(key);
  }
  expectNewestFirstPerNamespace(listed);

  const expected = [...data.stored.values()].filter((t) => matches(t, c)).map((t) => t.checkpoint.id);
  const mine = listed.filter((t) => ours.has(t.config?.configurable?.thread_id as string));
  const mineIds = mine.map((t) => t.checkpoint.id);
  const expectedCount = c.limit === undefined ? expected.length : Math.min(c.limit, expected.length);
  if (c.threadId !== undefined && c.ns !== undefined) {
    expectEqual(
      mineIds,
      newestFirst(expected).slice(0, expectedCount),
      "list() of one namespace must yield every match, newest first, cut to the limit",
    );
  } else if (c.limit === undefined) {
    expectEqual(
      [...mineIds].sort(),
      [...expected].sort(),
      "list() must yield every stored checkpoint that matches (order across namespaces is free)",
    );
  } else if (c.threadId !== undefined) {
    expectEqual(listed.length, expectedCount, `list() with limit ${c.limit} must yield min(limit, number of matches) tuples`);
  } else if (listed.length > c.limit || listed.length < expectedCount) {
    throw new ConformanceError(`list() with limit ${c.limit} must yield min(limit, number of matches) tuples`, {
      expected: expectedCount === c.limit ? c.limit : `between ${expectedCount} and ${c.limit} (other threads may hold matches too)`,
      actual: listed.length,
    });
  }
  for (const tuple of mine) {
    const stored = data.stored.get(tuple.checkpoint.id);
    if (!stored) throw new ConformanceError("list() yielded a checkpoint that was never put on this thread", { actual: where(tuple) });
    expectListedEqualsStored(tuple, stored, "list() and getTuple() must agree");
  }
}

/** Within one (thread, namespace), ids must descend: newest first (LS-04). */
export function expectNewestFirstPerNamespace(listed: readonly CheckpointTuple[]): void {
  const groups = new Map<string, string[]>();
  for (const tuple of listed) {
    const key = `${formatValue(tuple.config?.configurable?.thread_id)}/${formatValue(tuple.config?.configurable?.checkpoint_ns)}`;
    groups.set(key, [...(groups.get(key) ?? []), tuple.checkpoint.id]);
  }
  for (const [key, ids] of groups) {
    expectEqual(
      ids,
      newestFirst(ids),
      `list() must yield the checkpoints of one thread and namespace (${key}) newest first (descending checkpoint_id)`,
    );
  }
}

/**
 * Runs every case and reports all broken combinations at once: the first in
 * full, the next few by name.
 */
export async function checkCases(saver: BaseCheckpointSaver, data: MatrixData, cases: readonly ListCase[]): Promise<void> {
  // Reads only: the cases run a few at once, and their failures are reported in the cases' order.
  const outcomes = await mapBounded(cases, PARALLEL_CALLS, (c) =>
    checkCase(saver, data, c).then(
      () => undefined,
      (error: unknown) => ({ label: describeCase(c), error }),
    ),
  );
  const failures = outcomes.filter((f): f is { label: string; error: unknown } => f !== undefined);
  if (failures.length === 0) return;
  const [first, ...rest] = failures;
  const others = rest.slice(0, 5).map((f) => `also broken: ${f.label}: ${firstLine(f.error)}`);
  if (rest.length > 5) others.push(`…and ${rest.length - 5} more`);
  const summary = `${failures.length} of ${cases.length} list() combinations broke the contract. First: ${first!.label}`;
  if (first!.error instanceof ConformanceError) {
    const e = first!.error;
    throw new ConformanceError(`${summary}\n  ${e.clause}`, {
      ...(e.hasValues ? { expected: e.expected, actual: e.actual } : {}),
      details: [...e.details, ...others],
    });
  }
  throw new ConformanceError(`${summary}\n  list() threw ${firstLine(first!.error)}`, { details: others });
}

function firstLine(error: unknown): string {
  const text =
    error instanceof ConformanceError ? error.clause : error instanceof Error ? `${error.name}: ${error.message}` : formatValue(error);
  return text.split("\n")[0]!;
}
