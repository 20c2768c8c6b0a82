import { randomUUID } from "node:crypto";
import { DeltaSnapshot, type BaseCheckpointSaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";

/** One checkpoint of a hand-built parent chain. */
export interface ChainStep {
  /** Stored `channel_values`; each channel gets version `step + 1`, named in `newVersions` too. */
  values?: Record<string, unknown>;
  /** Pending writes stored against this checkpoint, in one `putWrites` call. */
  writes?: PendingWrite[];
  /** The task id of those writes. Default: a fresh uuid. */
  taskId?: string;
}

/**
 * Puts a parent-linked chain, oldest first, and returns the stored configs.
 * Versions differ per step (`step + 1`), so a saver that keys blobs by
 * (thread, ns, channel, version) cannot let a later value overwrite an earlier one.
 */
export async function putChain(
  saver: BaseCheckpointSaver,
  threadId: string,
  checkpointNs: string,
  steps: readonly ChainStep[],
): Promise<RunnableConfig[]> {
  const stored: RunnableConfig[] = [];
  let parentId: string | undefined;
  for (const [step, { values = {}, writes, taskId }] of steps.entries()) {
    const versions = Object.fromEntries(Object.keys(values).map((channel) => [channel, step + 1]));
    const checkpoint = generateCheckpoint({ channelValues: values, channelVersions: versions });
    const config = await saver.put(generateConfig(threadId, checkpointNs, parentId), checkpoint, generateMetadata("loop", step), versions);
    if (writes && writes.length > 0) await saver.putWrites(config, writes, taskId ?? randomUUID());
    stored.push(config);
    parentId = checkpoint.id;
  }
  return stored;
}

/** Options of {@link buildDeltaChain}, as in Python's `build_delta_chain`. */
export interface DeltaChainOptions {
  threadId?: string;
  checkpointNs?: string;
  /** Default "messages". */
  channel?: string;
  /** Steps storing `DeltaSnapshot(writeValue(step))`. Default [0]. */
  snapshotsAtSteps?: readonly number[];
  /** Default 6. */
  totalSteps?: number;
  /** Default: the step index. */
  writeValue?: (step: number) => unknown;
}

/**
 * Port of Python's `build_delta_chain`: a chain of `totalSteps` v4 checkpoints;
 * a snapshot step stores `DeltaSnapshot(writeValue(step))` in the channel,
 * every other step stores one pending write `[channel, writeValue(step)]`
 * under a fresh task id. Returns the stored configs, oldest first.
 */
export async function buildDeltaChain(saver: BaseCheckpointSaver, options: DeltaChainOptions = {}): Promise<RunnableConfig[]> {
  const { channel = "messages", snapshotsAtSteps = [0], totalSteps = 6, writeValue = (step: number) => step } = options;
  const snapshots = new Set(snapshotsAtSteps);
  const steps: ChainStep[] = Array.from({ length: totalSteps }, (_, step) =>
    snapshots.has(step) ? { values: { [channel]: new DeltaSnapshot(writeValue(step)) } } : { writes: [[channel, writeValue(step)]] },
  );
  return putChain(saver, options.threadId ?? randomUUID(), options.checkpointNs ?? "", steps);
}
