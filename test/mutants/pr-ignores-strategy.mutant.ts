import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Implements keep_latest only and ignores the options. */
class IgnoresStrategy extends ReferenceSaver {
  override async prune(threadIds: string[]): Promise<void> {
    return super.prune(threadIds, { strategy: "keep_latest" });
  }
}

export default {
  name: "pr-ignores-strategy",
  bug: 'prune ignores options.strategy and always keeps the latest, so "delete" deletes nothing',
  baseline: "reference",
  catches: ["test_prune_delete_all", "test_prune_rejects_unknown_strategy"],
  create: () => new IgnoresStrategy(),
} satisfies Mutant;
