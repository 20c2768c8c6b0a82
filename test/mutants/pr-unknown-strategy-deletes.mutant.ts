import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";
import type { Mutant } from "./types.js";

/** `strategy === "keep_latest" ? keep : delete`: any other string (a typo) deletes the threads. */
class UnknownStrategyDeletes extends ReferenceSaver {
  override async prune(threadIds: string[], options: { strategy?: PruneStrategy } = {}): Promise<void> {
    return super.prune(threadIds, { strategy: (options.strategy ?? "keep_latest") === "keep_latest" ? "keep_latest" : "delete" });
  }
}

export default {
  name: "pr-unknown-strategy-deletes",
  bug: 'prune treats any strategy other than "keep_latest" (a typo such as "delete_all") as "delete"',
  baseline: "reference",
  catches: ["test_prune_rejects_unknown_strategy"],
  create: () => new UnknownStrategyDeletes(),
} satisfies Mutant;
