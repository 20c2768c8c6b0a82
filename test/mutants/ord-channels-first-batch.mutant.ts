import { BlobStoreSaver } from "../fixtures/blob-store-saver.js";
import type { CheckpointListOptions, CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Fetches a checkpoint's channel blobs with one batch-get of 100 keys (DynamoDB BatchGetItem) and ignores the unprocessed rest. */
class ChannelsFirstBatch extends BlobStoreSaver {
  override async getTuple(config: RunnableConfig) {
    return firstBatch(await super.getTuple(config));
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions) {
    for await (const tuple of super.list(config, options)) yield firstBatch(tuple)!;
  }
}

function firstBatch(tuple: CheckpointTuple | undefined): CheckpointTuple | undefined {
  if (tuple === undefined) return undefined;
  const values = Object.fromEntries(Object.entries(tuple.checkpoint.channel_values).slice(0, 100));
  return { ...tuple, checkpoint: { ...tuple.checkpoint, channel_values: values } };
}

export default {
  name: "ord-channels-first-batch",
  bug: "a blob store reads a checkpoint's channel values with one batch-get of at most 100 keys (DynamoDB BatchGetItem), so channels past the 100th read back missing",
  baseline: "blob-store",
  catches: ["test_ord_many_channels"],
  create: () => new ChannelsFirstBatch(),
} satisfies Mutant;
