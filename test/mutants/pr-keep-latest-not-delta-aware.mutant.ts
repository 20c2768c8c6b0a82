import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** The naive keep_latest the base docstring warns about: the chain back to the snapshot is cut. */
class NotDeltaAware extends ReferenceSaver {
  protected override async keptByKeepLatest(threadId: string, ns: string): Promise<Set<string>> {
    return new Set(Object.keys(this.storage[threadId][ns]).sort().slice(-1));
  }
}

export default {
  name: "pr-keep-latest-not-delta-aware",
  bug: "prune keep_latest keeps only the latest checkpoint even when its DeltaChannel history needs the ancestors back to a snapshot",
  baseline: "reference",
  catches: ["test_prune_keep_latest_preserves_delta_history"],
  create: () => new NotDeltaAware(),
} satisfies Mutant;
