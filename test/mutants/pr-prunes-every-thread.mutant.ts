import { ReferenceSaver, type StoredRef } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";
import type { Mutant } from "./types.js";

/** Forgets the `WHERE thread_id IN (...)`: keep_latest runs over every thread. */
class PrunesEveryThread extends ReferenceSaver {
  override async prune(threadIds: string[], options: { strategy?: PruneStrategy } = {}): Promise<void> {
    if ((options.strategy ?? "keep_latest") !== "keep_latest") return super.prune(threadIds, options);
    const threads = new Set(this.refs().map((ref: StoredRef) => ref.threadId));
    return super.prune([...threads], options);
  }
}

export default {
  name: "pr-prunes-every-thread",
  bug: "prune keep_latest ignores the thread list and prunes every thread in the store",
  baseline: "reference",
  catches: ["test_prune_preserves_other_threads", "test_prune_empty_list_noop", "test_prune_nonexistent_noop"],
  create: () => new PrunesEveryThread(),
} satisfies Mutant;
