import {
  uuid6,
  type BaseCheckpointSaver,
  type ChannelVersions,
  type CheckpointMetadata,
  type CheckpointTuple,
} from "@langchain/langgraph-checkpoint";
import { expectProbe } from "../../../diagnosis/probe.js";
import type { RunnableConfig } from "@langchain/core/runnables";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { idsOf, listAll } from "../checks/helpers.js";

/** What a probe puts: values, their versions, the parent and metadata; everything optional. */
export interface ProbePut {
  /** Default: a fresh uuid6, later than every id made before. */
  id?: string;
  /** Default: now. */
  ts?: string;
  parentId?: string;
  values?: Record<string, unknown>;
  versions?: ChannelVersions;
  newVersions?: ChannelVersions;
  metadata?: CheckpointMetadata;
  /** Called with the config put() returned. */
  returned?(config: RunnableConfig): void;
}

/** Puts one checkpoint (a fresh, later-sorting id) on (thread, ns) and returns its id. */
export async function putProbe(saver: BaseCheckpointSaver, thread: string, ns: string, put: ProbePut = {}): Promise<string> {
  const values = put.values ?? {};
  const versions = put.versions ?? Object.fromEntries(Object.keys(values).map((k) => [k, 1]));
  const checkpoint = generateCheckpoint({
    id: put.id ?? uuid6(-1),
    ...(put.ts !== undefined ? { ts: put.ts } : {}),
    channelValues: values,
    channelVersions: versions,
  });
  const returned = await saver.put(
    generateConfig(thread, ns, put.parentId),
    checkpoint,
    put.metadata ?? generateMetadata(),
    put.newVersions ?? versions,
  );
  put.returned?.(returned);
  return checkpoint.id;
}

/** The config of one stored checkpoint (or the latest one when `id` is left out). */
export const at = (thread: string, ns: string, id?: string): RunnableConfig => generateConfig(thread, ns, id);

/** The checkpoint id getTuple answers with for (thread, ns[, id]), or null when it finds none. */
export async function idFound(saver: BaseCheckpointSaver, thread: string, ns: string, id?: string): Promise<string | null> {
  return (await saver.getTuple(at(thread, ns, id)))?.checkpoint.id ?? null;
}

/** The checkpoint ids list() yields for (thread, ns), in order. */
export async function idsListed(
  saver: BaseCheckpointSaver,
  thread: string,
  ns: string,
  options?: Parameters<BaseCheckpointSaver["list"]>[1],
): Promise<string[]> {
  return idsOf(await listAll(saver, at(thread, ns), options));
}

/**
 * The tuple getTuple returns for one checkpoint id; a tuple of another
 * checkpoint fails the probe as a getTuple-by-id bug (GT-03), not as the
 * clause the probe checks.
 */
export async function tupleAt(saver: BaseCheckpointSaver, thread: string, ns: string, id: string): Promise<CheckpointTuple | undefined> {
  const tuple = await saver.getTuple(at(thread, ns, id));
  if (tuple !== undefined)
    expectProbe("getTuple() by checkpoint_id returns that checkpoint", id, tuple.checkpoint?.id, {
      operation: "getTuple()",
      catalogId: "GT-03",
    });
  return tuple;
}

/** The pending writes of one checkpoint as `[taskId, channel, value]`, as getTuple returns them. */
export async function writesOf(saver: BaseCheckpointSaver, thread: string, ns: string, id: string): Promise<unknown[]> {
  return (await tupleAt(saver, thread, ns, id))?.pendingWrites ?? [];
}
