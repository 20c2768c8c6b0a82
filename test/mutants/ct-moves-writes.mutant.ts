import { ReferenceSaver, writesKey, type StoredRef } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Re-keys the writes to the target (an UPDATE instead of an INSERT ... SELECT). */
class MovesWrites extends ReferenceSaver {
  protected override copyWrites({ threadId, ns, id }: StoredRef, targetThreadId: string): void {
    const key = writesKey(threadId, ns, id);
    if (this.writes[key] === undefined) return;
    this.writes[writesKey(targetThreadId, ns, id)] = this.writes[key];
    delete this.writes[key];
  }
}

export default {
  name: "ct-moves-writes",
  bug: "copyThread moves the pending writes to the target instead of copying them, so the source loses its writes",
  baseline: "reference",
  catches: ["test_copy_thread_source_unchanged"],
  create: () => new MovesWrites(),
} satisfies Mutant;
