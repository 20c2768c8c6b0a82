import { MemorySaver, WRITES_IDX_MAP, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { GraphMutant } from "./types.js";

/**
 * The writes table's key is (thread, ns, checkpoint, idx) without the task id:
 * parallel tasks' writes at the same idx collide (normal writes: the first
 * one stays; special channels: the last one replaces the others).
 */
class WritesKeyedWithoutTask extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const { thread_id, checkpoint_ns, checkpoint_id } = config.configurable ?? {};
    const stored = this.writes[JSON.stringify([thread_id, checkpoint_ns, checkpoint_id])] ?? {};
    const othersAt = (idx: number) => Object.keys(stored).filter((key) => key.endsWith(`,${idx}`) && !key.startsWith(`${taskId},`));
    const kept: PendingWrite[] = [];
    writes.forEach(([channel, value], i) => {
      const idx = WRITES_IDX_MAP[channel] ?? i;
      if (idx >= 0 && othersAt(idx).length > 0) return;
      if (idx < 0) for (const key of othersAt(idx)) delete stored[key];
      kept.push([channel, value]);
    });
    return super.putWrites(config, kept, taskId, taskPath);
  }
}

export default {
  name: "writes-keyed-without-task",
  bug: "pending writes are keyed by (thread, ns, checkpoint, idx) without the task id, so parallel tasks' writes overwrite or drop each other",
  catches: ["G10", "G14", "G15", "G16", "G18"],
  create: () => new WritesKeyedWithoutTask(),
} satisfies GraphMutant;
