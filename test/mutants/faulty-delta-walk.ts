import {
  compareWritesSortKeys,
  isDeltaSnapshot,
  writesSortKey,
  type CheckpointPendingWrite,
  type DeltaChannelHistory,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ReferenceSaver, writesKey } from "../fixtures/reference-saver.js";

/**
 * The bugs a hand-written getDeltaChannelHistory override makes. Each DCH
 * mutant turns on exactly one; with none on, the walk below is correct.
 */
export interface DeltaWalkFault {
  /** Returns each channel's writes newest first. */
  newestFirst?: boolean;
  /** Does not stop at the nearest stored value: walks on and seeds from the farthest one. */
  farthestSeed?: boolean;
  /** Starts at the target instead of its parent, so the target's own writes come back. */
  includeTargetWrites?: boolean;
  /** Steps to the previous checkpoint id of the namespace (list-before order), not to the parent. */
  followListOrder?: boolean;
  /** Writes `seed: undefined` when no ancestor stored the channel. */
  seedKeyAlways?: boolean;
  /** Treats `channels: []` as "every channel written in the namespace". */
  emptyChannelsMeansAll?: boolean;
  /** Only a DeltaSnapshot ends the walk; a plain (pre-delta) stored value is ignored. */
  onlySnapshotsSeed?: boolean;
  /** Drops the writes stored at the seed ancestor itself. */
  skipSeedAncestorWrites?: boolean;
  /** Returns one checkpoint's writes in the order they were stored. */
  insertionOrder?: boolean;
  /** Sorts one checkpoint's writes by task id only, ignoring the task path. */
  ignoreTaskPath?: boolean;
  /** Leaves out channels that have neither writes nor a seed. */
  omitUnwrittenChannels?: boolean;
  /** A config without checkpoint_id gives empty history (Python InMemorySaver) instead of the latest's. */
  noIdMeansEmpty?: boolean;
  /** Reads an empty string or list (plain or in a DeltaSnapshot) back as NULL: not a seed, the walk goes on. */
  emptyIsAbsent?: boolean;
  /** Drops writes whose value is an empty string or list (stored as NULL, skipped as "no write"). */
  dropEmptyWrites?: boolean;
}

/** A string or list of length 0: what a backend that stores "" as NULL loses. */
function isEmpty(value: unknown): boolean {
  const inner = isDeltaSnapshot(value) ? value.value : value;
  return inner === "" || (Array.isArray(inner) && inner.length === 0);
}

/** The reference saver with its own getDeltaChannelHistory, over MemorySaver's storage, with one fault. */
export class FaultyDeltaWalkSaver extends ReferenceSaver {
  constructor(private readonly fault: DeltaWalkFault) {
    super();
  }

  override async getDeltaChannelHistory(options: {
    config: RunnableConfig;
    channels: string[];
  }): Promise<Record<string, DeltaChannelHistory>> {
    const { config } = options;
    const fault = this.fault;
    const threadId = config.configurable?.thread_id as string;
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? "";
    const stored = this.storage[threadId]?.[ns] ?? {};
    const ids = Object.keys(stored).sort();
    let channels = options.channels;
    if (channels.length === 0) {
      if (!fault.emptyChannelsMeansAll) return {};
      channels = [...new Set(ids.flatMap((id) => Object.values(this.writes[writesKey(threadId, ns, id)] ?? {}).map((w) => w[1])))];
    }
    const requested = config.configurable?.checkpoint_id as string | undefined;
    const targetId = requested ?? (fault.noIdMeansEmpty ? undefined : ids.at(-1));
    const next = (id: string): string | undefined => (fault.followListOrder ? ids[ids.indexOf(id) - 1] : stored[id]?.[2]);
    let cursor =
      targetId === undefined || stored[targetId] === undefined ? undefined : fault.includeTargetWrites ? targetId : next(targetId);

    const collected = new Map<string, CheckpointPendingWrite[]>(channels.map((ch) => [ch, []]));
    const seeds = new Map<string, unknown>();
    const open = new Set(channels);
    while (cursor !== undefined && stored[cursor] !== undefined && open.size > 0) {
      const { channel_values } = await this.checkpointOf({ threadId, ns, id: cursor });
      const seedsHere = [...open].filter(
        (ch) =>
          Object.hasOwn(channel_values, ch) &&
          (!fault.onlySnapshotsSeed || isDeltaSnapshot(channel_values[ch])) &&
          !(fault.emptyIsAbsent && isEmpty(channel_values[ch])),
      );
      const writes = await this.writesAt(threadId, ns, cursor);
      for (const ch of open) {
        if (fault.skipSeedAncestorWrites && seedsHere.includes(ch)) continue;
        collected.set(ch, [...writes.filter((w) => w[1] === ch && !(fault.dropEmptyWrites && isEmpty(w[2]))), ...collected.get(ch)!]);
      }
      for (const ch of seedsHere) {
        seeds.set(ch, channel_values[ch]);
        if (!fault.farthestSeed) open.delete(ch);
      }
      cursor = next(cursor);
    }

    const result: Record<string, DeltaChannelHistory> = {};
    for (const ch of channels) {
      const writes = collected.get(ch)!;
      if (fault.omitUnwrittenChannels && writes.length === 0 && !seeds.has(ch)) continue;
      const entry: DeltaChannelHistory = { writes: fault.newestFirst ? [...writes].reverse() : writes };
      if (seeds.has(ch)) entry.seed = seeds.get(ch);
      else if (fault.seedKeyAlways) entry.seed = undefined;
      result[ch] = entry;
    }
    return result;
  }

  /** One checkpoint's pending writes, deserialized, in writesSortKey order (unless a fault says otherwise). */
  private async writesAt(threadId: string, ns: string, id: string): Promise<CheckpointPendingWrite[]> {
    const entries = Object.entries(this.writes[writesKey(threadId, ns, id)] ?? {});
    if (!this.fault.insertionOrder) {
      const key = ([inner, record]: (typeof entries)[number]) => {
        const comma = inner.lastIndexOf(",");
        return writesSortKey(this.fault.ignoreTaskPath ? "" : (record[3] ?? ""), inner.slice(0, comma), Number(inner.slice(comma + 1)));
      };
      entries.sort((a, b) => compareWritesSortKeys(key(a), key(b)));
    }
    return Promise.all(
      entries.map(
        async ([, [taskId, channel, value]]) => [taskId, channel, await this.serde.loadsTyped("json", value)] as CheckpointPendingWrite,
      ),
    );
  }
}
