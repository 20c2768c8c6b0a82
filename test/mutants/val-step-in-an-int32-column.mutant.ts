import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Keeps metadata.step in a 32-bit INTEGER column (the write wraps, as a driver that casts with `| 0` does). */
class StepInInt32 extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const step = typeof metadata.step === "number" ? metadata.step | 0 : metadata.step;
    return super.put(config, checkpoint, { ...metadata, step });
  }
}

export default {
  name: "val-step-in-an-int32-column",
  bug: "stores metadata.step in a 32-bit integer column, so step 2,147,483,648 reads back as -2,147,483,648",
  catches: ["test_val_values_written_by_python_read_back_exactly"],
  create: () => new StepInInt32(),
} satisfies Mutant;
