import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Copies each namespace by walking parent links back from its latest checkpoint, so fork branches are never reached. */
class CopiesHeadChainOnly extends ReferenceSaver {
  override async copyThread(sourceThreadId: string, targetThreadId: string): Promise<void> {
    for (const [ns, checkpoints] of Object.entries(this.storage[sourceThreadId] ?? {})) {
      let id: string | undefined = Object.keys(checkpoints).sort().at(-1);
      while (id !== undefined && checkpoints[id] !== undefined) {
        this.copyCheckpoint({ threadId: sourceThreadId, ns, id }, targetThreadId);
        id = checkpoints[id][2];
      }
    }
  }
}

export default {
  name: "ct-copies-head-chain-only",
  bug: "copyThread walks parent links back from the latest checkpoint, so a fork branch left by time travel is not copied",
  baseline: "reference",
  catches: ["test_ord_copy_thread_copies_fork_branches"],
  create: () => new CopiesHeadChainOnly(),
} satisfies Mutant;
