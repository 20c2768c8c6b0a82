import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Stores metadata in a JSON column with JSON.stringify instead of the serializer. */
class MetadataAsPlainJson extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    return super.put(config, checkpoint, JSON.parse(JSON.stringify(metadata)) as CheckpointMetadata);
  }
}

export default {
  name: "val-metadata-plain-json",
  bug: "metadata is stored with JSON.stringify, not the serializer: a Map or Set reads back as {}, bytes as an object, a message as plain data",
  catches: ["test_val_typed_metadata"],
  create: () => new MetadataAsPlainJson(),
} satisfies Mutant;
