import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

/** Sorts writes with localeCompare, which puts "task-a" before "task-B". */
class LocaleOrder extends MemorySaver {
  override _orderedWrites(threadId: string | undefined, checkpointNs: string, checkpointId: string) {
    return super
      ._orderedWrites(threadId, checkpointNs, checkpointId)
      .sort(
        ([taskA, idxA, recA], [taskB, idxB, recB]) =>
          (recA[3] ?? "").localeCompare(recB[3] ?? "") || taskA.localeCompare(taskB) || idxA - idxB,
      );
  }
}

export default {
  name: "pending-writes-locale-order",
  bug: "pendingWrites are sorted with localeCompare instead of by code point",
  catches: ["test_put_writes_order_code_point"],
  create: () => new LocaleOrder(),
} satisfies Mutant;
