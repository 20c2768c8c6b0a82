import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Deletes with `WHERE checkpoint_ns = ''`, missing subgraph checkpoints of the run. */
class RootNamespaceOnly extends ReferenceSaver {
  override async deleteForRuns(runIds: string[]): Promise<void> {
    for (const ref of await this.refsOfRuns(runIds)) if (ref.ns === "") this.removeCheckpoint(ref);
  }
}

export default {
  name: "dfr-root-namespace-only",
  bug: 'deleteForRuns deletes the run\'s checkpoints in the root namespace ("") only, missing child namespaces',
  baseline: "reference",
  catches: ["test_delete_for_runs_across_namespaces"],
  create: () => new RootNamespaceOnly(),
} satisfies Mutant;
