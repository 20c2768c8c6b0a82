import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

class FalsyWritesAsNull extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    return super.putWrites(
      config,
      writes.map(([channel, value]): PendingWrite => [channel, value || null]),
      taskId,
      taskPath,
    );
  }
}

export default {
  name: "val-writes-falsy-as-null",
  bug: 'putWrites stores `value || null`, so writes of 0, "" and false read back as null',
  catches: ["test_val_falsy_write_values"],
  create: () => new FalsyWritesAsNull(),
} satisfies Mutant;
