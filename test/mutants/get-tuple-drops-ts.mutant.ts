import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Rebuilds the checkpoint from its columns and forgets ts. */
class DropsTs extends MemorySaver {
  override async getTuple(config: RunnableConfig) {
    const tuple = await super.getTuple(config);
    return tuple && { ...tuple, checkpoint: { ...tuple.checkpoint, ts: "" } };
  }
}

export default {
  name: "get-tuple-drops-ts",
  bug: "getTuple returns the checkpoint with an empty ts",
  catches: ["test_get_tuple_checkpoint_fields"],
  create: () => new DropsTs(),
} satisfies Mutant;
