import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";
import type { Mutant } from "./types.js";

class ThrowsOnUnknownThread extends ReferenceSaver {
  override async prune(threadIds: string[], options: { strategy?: PruneStrategy } = {}): Promise<void> {
    const missing = threadIds.filter((threadId) => this.storage[threadId] === undefined);
    if (missing.length > 0) throw new Error(`prune: unknown threads ${missing.join(", ")}`);
    return super.prune(threadIds, options);
  }
}

export default {
  name: "pr-throws-on-unknown-thread",
  bug: "prune rejects when a listed thread does not exist instead of skipping it",
  baseline: "reference",
  catches: ["test_prune_nonexistent_noop"],
  create: () => new ThrowsOnUnknownThread(),
} satisfies Mutant;
