import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** `JSON.stringify(undefined)` is not a string, so the saver stores SQL NULL, which reads back as null. */
class UndefinedWritesAsNull extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    return super.putWrites(
      config,
      writes.map(([channel, value]): PendingWrite => [channel, value === undefined ? null : value]),
      taskId,
      taskPath,
    );
  }
}

export default {
  name: "val-writes-undefined-as-null",
  bug: "putWrites serializes with JSON.stringify, which gives no text for undefined: a write of undefined reads back as null",
  catches: ["test_val_falsy_write_values"],
  create: () => new UndefinedWritesAsNull(),
} satisfies Mutant;
