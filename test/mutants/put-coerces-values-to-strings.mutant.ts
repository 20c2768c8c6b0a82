import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Keeps channel values in a TEXT column written with String(value). */
class CoercesValuesToStrings extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const channel_values = Object.fromEntries(Object.entries(checkpoint.channel_values).map(([k, v]) => [k, String(v)]));
    return super.put(config, { ...checkpoint, channel_values }, metadata);
  }
}

export default {
  name: "put-coerces-values-to-strings",
  bug: "channel values are stored with String(value): numbers, arrays and objects read back as strings",
  catches: ["test_put_preserves_channel_values", "test_put_preserves_channel_values_extra_types"],
  create: () => new CoercesValuesToStrings(),
} satisfies Mutant;
