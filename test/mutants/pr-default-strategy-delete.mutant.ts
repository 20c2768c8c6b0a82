import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { PruneStrategy } from "../../src/kinds/checkpointer/extended-saver.js";
import type { Mutant } from "./types.js";

class DefaultStrategyDelete extends ReferenceSaver {
  override async prune(threadIds: string[], options: { strategy?: PruneStrategy } = {}): Promise<void> {
    return super.prune(threadIds, { strategy: options.strategy ?? "delete" });
  }
}

export default {
  name: "pr-default-strategy-delete",
  bug: 'prune without options defaults to "delete" instead of "keep_latest"',
  baseline: "reference",
  catches: ["test_prune_default_strategy_keeps_latest"],
  create: () => new DefaultStrategyDelete(),
} satisfies Mutant;
