import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Writes the copies with one batch-write request (25 items, DynamoDB's BatchWriteItem) and never sends the rest. */
class CopiesFirstBatch extends ReferenceSaver {
  override async copyThread(sourceThreadId: string, targetThreadId: string): Promise<void> {
    for (const ref of this.refs([sourceThreadId]).slice(0, 25)) this.copyCheckpoint(ref, targetThreadId);
  }
}

export default {
  name: "ord-ct-first-batch",
  bug: "copyThread writes the copies in one batch request of at most 25 items (DynamoDB BatchWriteItem) and never sends the rest, so a long thread is copied in part",
  baseline: "reference",
  catches: ["test_ord_copy_thread_past_a_batch"],
  create: () => new CopiesFirstBatch(),
} satisfies Mutant;
