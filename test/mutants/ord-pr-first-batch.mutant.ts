import { ReferenceSaver, type StoredRef } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";
import type { Mutant } from "./types.js";

/** prune sends its deletes in one batch request (25 items, DynamoDB's BatchWriteItem) and never the rest. */
class PrunesFirstBatch extends ReferenceSaver {
  private deletesLeft = Number.POSITIVE_INFINITY;

  override async prune(threadIds: string[], options?: { strategy?: PruneStrategy }): Promise<void> {
    this.deletesLeft = 25;
    try {
      await super.prune(threadIds, options);
    } finally {
      this.deletesLeft = Number.POSITIVE_INFINITY;
    }
  }

  protected override removeCheckpoint(ref: StoredRef): void {
    if (this.deletesLeft-- > 0) super.removeCheckpoint(ref);
  }
}

export default {
  name: "ord-pr-first-batch",
  bug: "prune keep_latest deletes in one batch request of at most 25 items (DynamoDB BatchWriteItem) and never sends the rest, so a long thread keeps old checkpoints",
  baseline: "reference",
  catches: ["test_ord_prune_past_a_batch"],
  create: () => new PrunesFirstBatch(),
} satisfies Mutant;
