import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Sorts ascending and keeps element [0]. */
class KeepsOldest extends ReferenceSaver {
  protected override async keptByKeepLatest(threadId: string, ns: string): Promise<Set<string>> {
    return new Set(Object.keys(this.storage[threadId][ns]).sort().slice(0, 1));
  }
}

export default {
  name: "pr-keep-latest-keeps-oldest",
  bug: "prune keep_latest keeps the oldest checkpoint of each namespace instead of the latest",
  baseline: "reference",
  catches: [
    "test_prune_keep_latest_single_thread",
    "test_prune_keep_latest_multiple_threads",
    "test_prune_keep_latest_across_namespaces",
    "test_prune_keep_latest_preserves_writes",
    "test_prune_default_strategy_keeps_latest",
  ],
  create: () => new KeepsOldest(),
} satisfies Mutant;
