import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Copies the state (the latest checkpoint of each namespace), not the history. */
class LatestOnly extends ReferenceSaver {
  override async copyThread(sourceThreadId: string, targetThreadId: string): Promise<void> {
    for (const [ns, checkpoints] of Object.entries(this.storage[sourceThreadId] ?? {})) {
      const latest = Object.keys(checkpoints).sort().at(-1);
      if (latest !== undefined) this.copyCheckpoint({ threadId: sourceThreadId, ns, id: latest }, targetThreadId);
    }
  }
}

export default {
  name: "ct-latest-only",
  bug: "copyThread copies only the latest checkpoint of each namespace, not the whole history",
  baseline: "reference",
  catches: ["test_copy_thread_basic", "test_copy_thread_all_checkpoints", "test_copy_thread_preserves_ordering"],
  create: () => new LatestOnly(),
} satisfies Mutant;
