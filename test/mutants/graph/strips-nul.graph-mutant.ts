import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { GraphMutant } from "./types.js";

/** Strips NUL characters from string channel values, as savers writing to text/jsonb columns often do. */
class StripsNul extends MemorySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const values = Object.fromEntries(
      Object.entries(checkpoint.channel_values).map(([k, v]) => [k, typeof v === "string" ? v.replaceAll("\u0000", "") : v]),
    );
    return super.put(config, { ...checkpoint, channel_values: values }, metadata);
  }
}

export default {
  name: "strips-nul",
  bug: "put() removes NUL characters from string channel values (PostgreSQL text and jsonb cannot hold them)",
  catches: ["G21"],
  passesStorageSpecs: true,
  create: () => new StripsNul(),
} satisfies GraphMutant;
