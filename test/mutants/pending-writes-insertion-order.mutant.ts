import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { memoryWritesKey } from "./memory-internals.js";
import type { Mutant } from "./types.js";

/** Returns writes in the order they were stored, never sorting them. */
class InsertionOrder extends MemorySaver {
  override _orderedWrites(threadId: string | undefined, checkpointNs: string, checkpointId: string) {
    const stored = Object.values(this.writes[memoryWritesKey(threadId ?? "", checkpointNs, checkpointId)] ?? {});
    return super._orderedWrites(threadId, checkpointNs, checkpointId).sort((a, b) => stored.indexOf(a[2]) - stored.indexOf(b[2]));
  }
}

export default {
  name: "pending-writes-insertion-order",
  bug: "pendingWrites come back in insertion order instead of writesSortKey order",
  catches: [
    "test_put_writes_order_special_before_regular",
    "test_put_writes_order_task_path_before_task_id",
    "test_put_writes_order_code_point",
  ],
  create: () => new InsertionOrder(),
} satisfies Mutant;
