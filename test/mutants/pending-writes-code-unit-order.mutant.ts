import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts writes with `<` on strings: UTF-16 code units, so astral characters sort before U+FFFF. */
class CodeUnitOrder extends MemorySaver {
  override _orderedWrites(threadId: string | undefined, checkpointNs: string, checkpointId: string) {
    return super
      ._orderedWrites(threadId, checkpointNs, checkpointId)
      .sort(
        ([taskA, idxA, recA], [taskB, idxB, recB]) => byCodeUnit(recA[3] ?? "", recB[3] ?? "") || byCodeUnit(taskA, taskB) || idxA - idxB,
      );
  }
}

export default {
  name: "pending-writes-code-unit-order",
  bug: "pendingWrites are sorted by UTF-16 code unit (plain <) instead of by code point",
  catches: ["test_put_writes_order_astral_code_point"],
  create: () => new CodeUnitOrder(),
} satisfies Mutant;
