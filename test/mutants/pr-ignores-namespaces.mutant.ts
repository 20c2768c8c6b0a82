import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";
import type { Mutant } from "./types.js";

/** Keeps the latest checkpoint of the thread, whatever its namespace. */
class IgnoresNamespaces extends ReferenceSaver {
  override async prune(threadIds: string[], options: { strategy?: PruneStrategy } = {}): Promise<void> {
    if ((options.strategy ?? "keep_latest") !== "keep_latest") return super.prune(threadIds, options);
    for (const threadId of threadIds) {
      const refs = this.refs([threadId]);
      const latest = refs
        .map((ref) => ref.id)
        .sort()
        .at(-1);
      for (const ref of refs) if (ref.id !== latest) this.removeCheckpoint(ref);
    }
  }
}

export default {
  name: "pr-ignores-namespaces",
  bug: "prune keep_latest keeps the latest checkpoint per thread, deleting the latest of the other namespaces",
  baseline: "reference",
  catches: ["test_prune_keep_latest_across_namespaces"],
  create: () => new IgnoresNamespaces(),
} satisfies Mutant;
