import { ReferenceSaver, type StoredRef } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Inserts the copies without the parent column. */
class DropsParentLinks extends ReferenceSaver {
  protected override copyCheckpoint(ref: StoredRef, targetThreadId: string): void {
    const [checkpoint, metadata] = this.storage[ref.threadId][ref.ns][ref.id];
    this.copyEntry(ref, targetThreadId, [checkpoint, metadata, undefined]);
    this.copyWrites(ref, targetThreadId);
  }
}

export default {
  name: "ct-drops-parent-links",
  bug: "copyThread stores the copies without their parent checkpoint id, so the copied chain has no parentConfig",
  baseline: "reference",
  catches: ["test_copy_thread_preserves_parent_chain", "test_copy_thread_preserves_delta_history"],
  create: () => new DropsParentLinks(),
} satisfies Mutant;
