import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Sends a call's writes with one batch-write request (DynamoDB's BatchWriteItem takes 25 items) and never the next. */
class WritesFirstBatch extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    return super.putWrites(config, writes.slice(0, 25), taskId, taskPath);
  }
}

export default {
  name: "ord-writes-first-batch",
  bug: "putWrites sends a call's writes in one batch request of at most 25 items (DynamoDB BatchWriteItem), so a node fanning out more than 25 Sends loses the rest",
  catches: ["test_ord_write_index_past_ten"],
  create: () => new WritesFirstBatch(),
} satisfies Mutant;
