import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Overrides the inherited get() with a "current state" shortcut that drops checkpoint_id. */
class GetIgnoresCheckpointId extends MemorySaver {
  override async get(config: RunnableConfig) {
    const { thread_id, checkpoint_ns } = config.configurable ?? {};
    return (await this.getTuple({ configurable: { thread_id, checkpoint_ns } }))?.checkpoint;
  }
}

export default {
  name: "get-ignores-checkpoint-id",
  bug: "get() is overridden and returns the latest checkpoint even when a checkpoint_id is given",
  catches: ["test_get_returns_tuple_checkpoint"],
  create: () => new GetIgnoresCheckpointId(),
} satisfies Mutant;
