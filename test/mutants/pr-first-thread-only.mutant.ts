import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";
import type { Mutant } from "./types.js";

/** Binds the thread list as one parameter where the query takes one id (`WHERE thread_id = $1`), so only the first thread is pruned. */
class FirstThreadOnly extends ReferenceSaver {
  override prune(threadIds: string[], options: { strategy?: PruneStrategy } = {}): Promise<void> {
    return super.prune(threadIds.slice(0, 1), options);
  }
}

export default {
  name: "pr-first-thread-only",
  bug: "prune(threadIds) prunes only the first of the threads it is given",
  baseline: "reference",
  catches: ["test_prune_keep_latest_multiple_threads"],
  create: () => new FirstThreadOnly(),
} satisfies Mutant;
