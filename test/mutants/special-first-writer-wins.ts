import { MemorySaver, WRITES_IDX_MAP, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { writesKeyOf } from "./memory-internals.js";

/**
 * Inserts every write with INSERT OR IGNORE: a stored special write (ERROR,
 * INTERRUPT, RESUME, ...) of a task is never replaced by its later one.
 * The storage-level and the graph-level mutant of this bug share it.
 */
export class SpecialFirstWriterWinsSaver extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const key = writesKeyOf(config);
    const kept = Object.entries(this.writes[key] ?? {}).filter(([, [task, channel]]) => task === taskId && channel in WRITES_IDX_MAP);
    await super.putWrites(config, writes, taskId, taskPath);
    for (const [inner, record] of kept) this.writes[key][inner] = record;
  }
}
