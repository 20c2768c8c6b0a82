import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";
import type { Mutant } from "./types.js";

/** keep_latest deletes what it does not keep among the latest checkpoint's ancestors (walking parent links), so fork branches stay. */
class PrunesHeadChainOnly extends ReferenceSaver {
  override async prune(threadIds: string[], options: { strategy?: PruneStrategy } = {}): Promise<void> {
    if ((options.strategy ?? "keep_latest") !== "keep_latest") return super.prune(threadIds, options);
    for (const threadId of threadIds) {
      for (const [ns, checkpoints] of Object.entries(this.storage[threadId] ?? {})) {
        const keep = await this.keptByKeepLatest(threadId, ns);
        let id: string | undefined = Object.keys(checkpoints).sort().at(-1);
        while (id !== undefined && checkpoints[id] !== undefined) {
          const parent: string | undefined = checkpoints[id][2];
          if (!keep.has(id)) this.removeCheckpoint({ threadId, ns, id });
          id = parent;
        }
      }
    }
  }
}

export default {
  name: "pr-prunes-head-chain-only",
  bug: "prune keep_latest deletes the latest checkpoint's ancestors by walking parent links, so a fork branch left by time travel survives",
  baseline: "reference",
  catches: ["test_ord_prune_removes_fork_branches"],
  create: () => new PrunesHeadChainOnly(),
} satisfies Mutant;
