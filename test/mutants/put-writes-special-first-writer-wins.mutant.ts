import { MemorySaver, WRITES_IDX_MAP, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { writesKeyOf } from "./memory-internals.js";
import type { Mutant } from "./types.js";

/** Inserts every write with INSERT OR IGNORE: a stored special write is never replaced. */
class SpecialFirstWriterWins extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const key = writesKeyOf(config);
    const kept = Object.entries(this.writes[key] ?? {}).filter(([, [task, channel]]) => task === taskId && channel in WRITES_IDX_MAP);
    await super.putWrites(config, writes, taskId, taskPath);
    for (const [inner, record] of kept) this.writes[key][inner] = record;
  }
}

export default {
  name: "put-writes-special-first-writer-wins",
  bug: "special writes (ERROR, INTERRUPT, ...) are never overwritten: the first value stays",
  catches: ["test_put_writes_special_last_writer_wins"],
  create: () => new SpecialFirstWriterWins(),
} satisfies Mutant;
