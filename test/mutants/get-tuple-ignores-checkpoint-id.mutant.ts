import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Always answers with the latest checkpoint of the thread and namespace. */
class IgnoresCheckpointId extends MemorySaver {
  override getTuple(config: RunnableConfig) {
    const { checkpoint_id: _ignored, ...rest } = config.configurable ?? {};
    return super.getTuple({ configurable: rest });
  }
}

export default {
  name: "get-tuple-ignores-checkpoint-id",
  bug: "getTuple ignores checkpoint_id and always returns the latest checkpoint",
  catches: ["test_get_tuple_specific_checkpoint_id", "test_put_multiple_checkpoints_same_thread"],
  create: () => new IgnoresCheckpointId(),
} satisfies Mutant;
