import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Stores a call's writes one by one, each as if it were the first of its call (index 0). */
class AllAtIndexZero extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    for (const write of writes) await super.putWrites(config, [write], taskId, taskPath);
  }
}

export default {
  name: "put-writes-all-at-index-zero",
  bug: "every write of a call is stored at index 0, so only the first regular write of a call survives",
  catches: ["test_put_writes_multiple_writes_same_task", "test_put_writes_order_special_before_regular"],
  create: () => new AllAtIndexZero(),
} satisfies Mutant;
