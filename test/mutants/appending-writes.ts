import { MemorySaver, WRITES_IDX_MAP, compareWritesSortKeys, writesSortKey, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { memoryWritesKey, writesKeyOf } from "./memory-internals.js";

type Entry = ReturnType<MemorySaver["_orderedWrites"]>[number];

/**
 * Base for mutants whose writes table has no unique key on (taskId, idx) for
 * some channels: a write to an occupied (taskId, idx) of such a channel keeps
 * the old row and appends a new one.
 */
export abstract class AppendingWritesSaver extends MemorySaver {
  private readonly appended = new Map<string, Entry[]>();

  /** Whether writes to this channel append instead of keeping one row per (taskId, idx). */
  protected abstract appendsOn(channel: string): boolean;

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const key = writesKeyOf(config);
    const before = { ...this.writes[key] };
    const rows: Entry[] = [];
    for (const [position, [channel, value]] of writes.entries()) {
      const idx = WRITES_IDX_MAP[channel] ?? position;
      if (!before[`${taskId},${idx}`] || !this.appendsOn(channel)) continue;
      const [, serialized] = await this.serde.dumpsTyped(value);
      rows.push([taskId, idx, [taskId, channel, serialized, taskPath ?? ""]]);
    }
    await super.putWrites(config, writes, taskId, taskPath);
    for (const [inner, old] of Object.entries(before)) if (this.appendsOn(old[1])) this.writes[key][inner] = old;
    this.appended.set(key, [...(this.appended.get(key) ?? []), ...rows]);
  }

  override _orderedWrites(threadId: string | undefined, checkpointNs: string, checkpointId: string) {
    const extra = this.appended.get(memoryWritesKey(threadId ?? "", checkpointNs, checkpointId)) ?? [];
    const sortKey = ([taskId, idx, record]: Entry) => writesSortKey(record[3] ?? "", taskId, idx);
    return [...super._orderedWrites(threadId, checkpointNs, checkpointId), ...extra].sort((a, b) =>
      compareWritesSortKeys(sortKey(a), sortKey(b)),
    );
  }
}
