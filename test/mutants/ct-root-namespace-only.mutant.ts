import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Copies with `WHERE checkpoint_ns = ''`, dropping subgraph checkpoints. */
class RootNamespaceOnly extends ReferenceSaver {
  override async copyThread(sourceThreadId: string, targetThreadId: string): Promise<void> {
    for (const ref of this.refs([sourceThreadId])) if (ref.ns === "") this.copyCheckpoint(ref, targetThreadId);
  }
}

export default {
  name: "ct-root-namespace-only",
  bug: 'copyThread copies the root namespace ("") only, dropping child namespaces',
  baseline: "reference",
  catches: ["test_copy_thread_preserves_namespaces"],
  create: () => new RootNamespaceOnly(),
} satisfies Mutant;
