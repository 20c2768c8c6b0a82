import { MemorySaver, WRITES_IDX_MAP, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { writesKeyOf } from "./memory-internals.js";
import type { Mutant } from "./types.js";

/** Upserts every write (INSERT OR REPLACE), regular ones included. */
class RegularLastWriterWins extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const stored = this.writes[writesKeyOf(config)];
    writes.forEach(([channel], idx) => {
      if (stored && !(channel in WRITES_IDX_MAP)) delete stored[`${taskId},${idx}`];
    });
    return super.putWrites(config, writes, taskId, taskPath);
  }
}

export default {
  name: "put-writes-regular-last-writer-wins",
  bug: "a regular write repeated at the same (taskId, idx) replaces the first value instead of being ignored",
  catches: ["test_put_writes_regular_first_writer_wins"],
  create: () => new RegularLastWriterWins(),
} satisfies Mutant;
