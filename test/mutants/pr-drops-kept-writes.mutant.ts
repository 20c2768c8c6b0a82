import { ReferenceSaver, writesKey } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";
import type { Mutant } from "./types.js";

/** Clears the writes table for the threads (`DELETE FROM writes WHERE thread_id IN (...)`), kept checkpoint included. */
class DropsKeptWrites extends ReferenceSaver {
  override async prune(threadIds: string[], options: { strategy?: PruneStrategy } = {}): Promise<void> {
    await super.prune(threadIds, options);
    for (const ref of this.refs(threadIds)) delete this.writes[writesKey(ref.threadId, ref.ns, ref.id)];
  }
}

export default {
  name: "pr-drops-kept-writes",
  bug: "prune keep_latest deletes every pending write of the thread, including those of the kept checkpoint",
  baseline: "reference",
  catches: ["test_prune_keep_latest_preserves_writes"],
  create: () => new DropsKeptWrites(),
} satisfies Mutant;
