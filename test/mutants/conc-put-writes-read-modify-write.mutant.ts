import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Keeps a checkpoint's writes as one record: read it, serialize the new writes (await), write the record back. */
class WritesRecordRace extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
    const key = JSON.stringify([config.configurable?.thread_id, config.configurable?.checkpoint_ns, config.configurable?.checkpoint_id]);
    const record = { ...(this.writes[key] ?? {}) };
    for (const [idx, [channel, value]] of writes.entries()) {
      const [, bytes] = await this.serde.dumpsTyped(value);
      record[`${taskId},${idx}`] = [taskId, channel, bytes, taskPath ?? ""];
    }
    this.writes[key] = record;
  }
}

export default {
  name: "conc-put-writes-read-modify-write",
  bug: "putWrites() reads the checkpoint's write record, awaits serialization, then writes the record back: parallel tasks overwrite each other's writes",
  catches: ["test_conc_parallel_put_writes_same_checkpoint"],
  create: () => new WritesRecordRace(),
} satisfies Mutant;
