// Node's types for the public declarations, as in src/index.ts.
/// <reference types="node" preserve="true" />
/**
 * Public helpers for saver authors: data builders and semantic asserts.
 * `import { generateCheckpoint, ... } from "langgraph-checkpoint-conformance/test-utils"`.
 * @public
 */
import { randomUUID } from "node:crypto";
import {
  uuid6,
  type BaseCheckpointSaver,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointMetadata,
  type CheckpointTuple,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ConformanceError, expectDefined, expectEqual } from "./assert.js";
import { formatValue } from "./format.js";

/** The checkpoint format version LangGraph.js 1.x writes. */
export const CHECKPOINT_V = 4;

export interface GenerateCheckpointOptions {
  id?: string;
  channelValues?: Record<string, unknown>;
  channelVersions?: ChannelVersions;
  versionsSeen?: Record<string, ChannelVersions>;
  ts?: string;
}

/**
 * A well-formed v4 checkpoint with exactly the six JS fields. The id is a
 * fresh time-ordered uuid6, so ids made later sort higher. Versions are not
 * derived from values.
 */
export function generateCheckpoint(options: GenerateCheckpointOptions = {}): Checkpoint {
  return {
    v: CHECKPOINT_V,
    id: options.id ?? uuid6(-1),
    ts: options.ts ?? new Date().toISOString(),
    channel_values: { ...(options.channelValues ?? {}) },
    channel_versions: { ...(options.channelVersions ?? {}) },
    versions_seen: { ...(options.versionsSeen ?? {}) },
  };
}

/** `{ configurable: { thread_id, checkpoint_ns, [checkpoint_id] } }`; the thread id defaults to a random uuid. */
export function generateConfig(threadId: string = randomUUID(), checkpointNs = "", checkpointId?: string): RunnableConfig {
  return {
    configurable: {
      thread_id: threadId,
      checkpoint_ns: checkpointNs,
      ...(checkpointId !== undefined ? { checkpoint_id: checkpointId } : {}),
    },
  };
}

/** `{ source, step, parents: {} }` merged with extra keys (e.g. `run_id`). */
export function generateMetadata(
  source: CheckpointMetadata["source"] = "loop",
  step = 0,
  extra: Record<string, unknown> = {},
): CheckpointMetadata {
  return { source, step, parents: {}, ...extra } as CheckpointMetadata;
}

export interface PutTestCheckpointOptions {
  threadId?: string;
  checkpointNs?: string;
  /** The parent: its checkpoint_id goes into the put config, which is how a saver learns the parent. */
  parentConfig?: RunnableConfig;
  channelValues?: Record<string, unknown>;
  /** Default: version 1 for every channel in `channelValues`. */
  channelVersions?: ChannelVersions;
  metadata?: CheckpointMetadata;
  /** Default: the effective `channelVersions`. */
  newVersions?: ChannelVersions;
  checkpoint?: Checkpoint;
}

/** Puts one checkpoint and returns the config the saver returned. */
export async function putTestCheckpoint(saver: BaseCheckpointSaver, options: PutTestCheckpointOptions = {}): Promise<RunnableConfig> {
  const values = options.channelValues ?? {};
  const versions = options.channelVersions ?? Object.fromEntries(Object.keys(values).map((k) => [k, 1]));
  const checkpoint = options.checkpoint ?? generateCheckpoint({ channelValues: values, channelVersions: versions });
  const parentId = options.parentConfig?.configurable?.checkpoint_id as string | undefined;
  const config = generateConfig(options.threadId ?? randomUUID(), options.checkpointNs ?? "", parentId);
  return saver.put(config, checkpoint, options.metadata ?? generateMetadata(), options.newVersions ?? versions);
}

export interface PutCheckpointChainOptions {
  threadId: string;
  checkpointNs?: string;
  /** How many checkpoints to put. */
  length: number;
  /** What else the checkpoint at position `i` gets. Default: metadata `generateMetadata("loop", i)`. */
  each?: (i: number) => Omit<PutTestCheckpointOptions, "threadId" | "checkpointNs" | "parentConfig">;
}

/** `length` checkpoints on one thread and namespace, each the parent of the next; returns the stored configs, oldest first. */
export async function putCheckpointChain(saver: BaseCheckpointSaver, options: PutCheckpointChainOptions): Promise<RunnableConfig[]> {
  const { threadId, checkpointNs = "", length, each } = options;
  const stored: RunnableConfig[] = [];
  for (let i = 0; i < length; i++) {
    const parentConfig = stored[stored.length - 1];
    stored.push(
      await putTestCheckpoint(saver, { metadata: generateMetadata("loop", i), ...each?.(i), threadId, checkpointNs, parentConfig }),
    );
  }
  return stored;
}

export interface PutTestCheckpointsOptions {
  nThreads?: number;
  nCheckpoints?: number;
  namespaces?: string[];
  channelValues?: Record<string, unknown>;
  /** Prefix for the random thread ids. Default "thread". */
  threadPrefix?: string;
}

/**
 * For each thread (random ids) and namespace, a parent-linked chain of
 * checkpoints. Returns the stored configs in insertion order (thread, then
 * namespace, then chain position) and the thread ids.
 */
export async function putTestCheckpoints(
  saver: BaseCheckpointSaver,
  options: PutTestCheckpointsOptions = {},
): Promise<{ configs: RunnableConfig[]; threadIds: string[] }> {
  const { nThreads = 1, nCheckpoints = 1, namespaces = [""], channelValues, threadPrefix = "thread" } = options;
  const configs: RunnableConfig[] = [];
  const threadIds: string[] = [];
  for (let t = 0; t < nThreads; t++) {
    const threadId = `${threadPrefix}-${t}-${randomUUID()}`;
    threadIds.push(threadId);
    for (const ns of namespaces) {
      configs.push(
        ...(await putCheckpointChain(saver, { threadId, checkpointNs: ns, length: nCheckpoints, each: () => ({ channelValues }) })),
      );
    }
  }
  return { configs, threadIds };
}

export interface CheckpointCompareOptions {
  /** Compare `channel_values` too. Default true. */
  checkChannelValues?: boolean;
  /** Require identical version types (1 is not "1"). Default false: 1, "1" and 1.0 are equal. */
  exactVersions?: boolean;
}

/**
 * Compares `v`, `id`, `channel_versions`, `versions_seen` and (by default)
 * `channel_values`; not `ts`. Versions compare semantically unless `exactVersions`.
 * Throws a `ConformanceError` naming each differing path.
 */
export function assertCheckpointEqual(actual: Checkpoint | undefined, expected: Checkpoint, options: CheckpointCompareOptions = {}): void {
  expectDefined(actual, "the checkpoint must exist");
  const loose = !options.exactVersions;
  expectEqual(actual.v, expected.v, "checkpoint.v must be kept");
  expectEqual(actual.id, expected.id, "checkpoint.id must be kept");
  expectEqual(actual.channel_versions, expected.channel_versions, "checkpoint.channel_versions must be kept", { looseNumbers: loose });
  expectEqual(actual.versions_seen, expected.versions_seen, "checkpoint.versions_seen must be kept", { looseNumbers: loose });
  if (options.checkChannelValues ?? true) {
    expectEqual(actual.channel_values, expected.channel_values, "checkpoint.channel_values must be kept");
  }
}

export interface TupleCompareOptions extends CheckpointCompareOptions {
  /** Compare the number of pending writes (when `expected.pendingWrites` is given). Default true. */
  checkWrites?: boolean;
}

/**
 * Python's `assert_tuple_equal`: config ids (absent namespace means ""), the
 * checkpoint, metadata as a subset, the parent's id (or its absence), and the
 * pending-write count.
 */
export function assertTupleEqual(actual: CheckpointTuple | undefined, expected: CheckpointTuple, options: TupleCompareOptions = {}): void {
  expectDefined(actual, "the checkpoint tuple must exist");
  const a = actual.config?.configurable ?? {};
  const e = expected.config?.configurable ?? {};
  expectEqual(a.thread_id, e.thread_id, "tuple.config.configurable.thread_id");
  expectEqual(a.checkpoint_ns ?? "", e.checkpoint_ns ?? "", "tuple.config.configurable.checkpoint_ns");
  expectEqual(a.checkpoint_id, e.checkpoint_id, "tuple.config.configurable.checkpoint_id");
  assertCheckpointEqual(actual.checkpoint, expected.checkpoint, options);
  for (const [key, value] of Object.entries(expected.metadata ?? {})) {
    expectEqual((actual.metadata as Record<string, unknown> | undefined)?.[key], value, `tuple.metadata.${key}`);
  }
  const expectedParent = expected.parentConfig?.configurable?.checkpoint_id;
  const actualParent = actual.parentConfig?.configurable?.checkpoint_id;
  if (expectedParent === undefined && actual.parentConfig !== undefined) {
    throw new ConformanceError("tuple.parentConfig must be undefined for a checkpoint without a parent", {
      expected: undefined,
      actual: actual.parentConfig,
    });
  }
  expectEqual(actualParent, expectedParent, "tuple.parentConfig.configurable.checkpoint_id");
  if ((options.checkWrites ?? true) && expected.pendingWrites !== undefined) {
    const n = actual.pendingWrites?.length ?? 0;
    if (n !== expected.pendingWrites.length) {
      throw new ConformanceError("tuple.pendingWrites must have as many writes as expected", {
        expected: expected.pendingWrites.length,
        actual: n,
        details: [`pendingWrites: ${formatValue(actual.pendingWrites)}`],
      });
    }
  }
}
