import { MemorySaver, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Fills every channel missing from a checkpoint with its parent's value, whatever channel_versions says. */
class ResurrectsDroppedChannels extends MemorySaver {
  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const tuple = await super.getTuple(config);
    if (!tuple?.parentConfig) return tuple;
    const parent: CheckpointTuple | undefined = await this.getTuple(tuple.parentConfig);
    const channel_values = { ...parent?.checkpoint.channel_values, ...tuple.checkpoint.channel_values };
    return { ...tuple, checkpoint: { ...tuple.checkpoint, channel_values } };
  }
}

export default {
  name: "get-tuple-resurrects-dropped-channels",
  bug: "a channel dropped by a child (absent from its channel_versions) is read back from the parent",
  catches: ["test_put_channel_removed"],
  create: () => new ResurrectsDroppedChannels(),
} satisfies Mutant;
