import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Falls back to the latest checkpoint when the id asked for is not stored. */
class UnknownIdFallsBack extends MemorySaver {
  override async getTuple(config: RunnableConfig) {
    const found = await super.getTuple(config);
    if (found || !config.configurable?.checkpoint_id) return found;
    const { checkpoint_id: _unknown, ...rest } = config.configurable;
    return super.getTuple({ configurable: rest });
  }
}

export default {
  name: "get-tuple-unknown-id-falls-back",
  bug: "getTuple with an unknown checkpoint_id returns the latest checkpoint instead of undefined",
  catches: ["test_get_tuple_nonexistent_checkpoint_id"],
  create: () => new UnknownIdFallsBack(),
} satisfies Mutant;
