import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";
import { globRegex } from "./thread-matching.js";
import type { Mutant } from "./types.js";

/** Finds the threads to prune by the glob "checkpoint:<id>:*", so prune(["user"]) also prunes thread "user:2". */
class PruneGlobThreads extends ReferenceSaver {
  override async prune(threadIds: string[], options: { strategy?: PruneStrategy } = {}): Promise<void> {
    const patterns = threadIds.map((id) => globRegex(`${id}:*`));
    const matched = Object.keys(this.storage).filter((threadId) => patterns.some((p) => p.test(`${threadId}:`)));
    return super.prune(matched, options);
  }
}

export default {
  name: "key-pr-glob-threads",
  bug: 'prune finds its threads by the glob "checkpoint:<id>:*": prune(["user"]) also prunes thread "user:2", prune(["a*c"]) prunes "abc"',
  baseline: "reference",
  catches: ["test_key_prune_prunes_only_the_named_threads"],
  create: () => new PruneGlobThreads(),
} satisfies Mutant;
