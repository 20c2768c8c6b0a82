import { ReferenceSaver, writesKey } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";
import type { Mutant } from "./types.js";

/**
 * After keep_latest, cleans the writes table with
 * `DELETE FROM writes WHERE thread_id = $1 AND checkpoint_id < (SELECT max(checkpoint_id) FROM checkpoints WHERE thread_id = $1)`:
 * the maximum is the thread's, not the namespace's, so the kept checkpoint of a
 * subgraph namespace (an older id than the root's latest) loses its writes.
 */
class DropsWritesBelowThreadLatest extends ReferenceSaver {
  override async prune(threadIds: string[], options: { strategy?: PruneStrategy } = {}): Promise<void> {
    await super.prune(threadIds, options);
    if ((options.strategy ?? "keep_latest") !== "keep_latest") return;
    for (const threadId of threadIds) {
      const refs = this.refs([threadId]);
      const newest = refs
        .map((r) => r.id)
        .sort()
        .at(-1);
      for (const ref of refs) if (newest !== undefined && ref.id < newest) delete this.writes[writesKey(threadId, ref.ns, ref.id)];
    }
  }
}

export default {
  name: "pr-drops-writes-below-thread-latest",
  bug: "prune keep_latest deletes the writes of every checkpoint older than the thread's latest, so a kept subgraph checkpoint loses its writes",
  baseline: "reference",
  catches: ["test_prune_keep_latest_by_id_keeps_writes_of_every_namespace"],
  create: () => new DropsWritesBelowThreadLatest(),
} satisfies Mutant;
