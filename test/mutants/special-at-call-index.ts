import { MemorySaver, WRITES_IDX_MAP, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { writesKeyOf } from "./memory-internals.js";

/**
 * Stores a special write (ERROR, INTERRUPT, RESUME, ...) at its position in the
 * call instead of its WRITES_IDX_MAP index, still replacing what is there: it
 * overwrites the task's regular write at that index. The storage-level and the
 * graph-level mutant of this bug share it.
 */
export class SpecialAtCallIndexSaver extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    await super.putWrites(config, writes, taskId, taskPath);
    const stored = this.writes[writesKeyOf(config)];
    writes.forEach(([channel], position) => {
      if (!(channel in WRITES_IDX_MAP)) return;
      const special = `${taskId},${WRITES_IDX_MAP[channel]}`;
      stored[`${taskId},${position}`] = stored[special];
      delete stored[special];
    });
  }
}
