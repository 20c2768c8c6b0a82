import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts writes by a text key (the index stored in a TEXT column), so index 10 sorts before 2. */
class WriteIndexAsText extends MemorySaver {
  override _orderedWrites(threadId: string | undefined, checkpointNs: string, checkpointId: string) {
    return super
      ._orderedWrites(threadId, checkpointNs, checkpointId)
      .sort(
        ([taskA, idxA, recA], [taskB, idxB, recB]) =>
          byText(recA[3] ?? "", recB[3] ?? "") || byText(taskA, taskB) || byText(String(idxA), String(idxB)),
      );
  }
}

export default {
  name: "ord-write-index-as-text",
  bug: "pendingWrites are sorted by write index as text, so index 10 comes before index 2",
  catches: ["test_ord_write_index_past_ten"],
  create: () => new WriteIndexAsText(),
} satisfies Mutant;
