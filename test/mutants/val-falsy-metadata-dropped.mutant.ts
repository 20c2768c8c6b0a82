import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Builds the metadata record with `if (value) record[key] = value`, as a sparse attribute map would. */
class DropsFalsyMetadata extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const record: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(metadata)) if (value) record[key] = value;
    return super.put(config, checkpoint, record as CheckpointMetadata);
  }
}

export default {
  name: "val-falsy-metadata-dropped",
  bug: 'put() copies a metadata key only when its value is truthy, so step 0 and keys holding 0, "", false or null are lost',
  catches: ["test_val_falsy_metadata"],
  create: () => new DropsFalsyMetadata(),
} satisfies Mutant;
