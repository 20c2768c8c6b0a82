import { MemorySaver, type ChannelVersions, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";

/** What a faulty put() stores instead of the checkpoint it was given. */
export type CheckpointRewrite = (checkpoint: Checkpoint, newVersions: ChannelVersions) => Checkpoint;

/**
 * MemorySaver whose put() stores a rewritten checkpoint: the shape of every
 * mutant whose storage loses or mangles one field of the checkpoint.
 */
export class RewritingPutSaver extends MemorySaver {
  constructor(private readonly rewrite: CheckpointRewrite) {
    super();
  }

  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions = {}) {
    return super.put(config, this.rewrite(checkpoint, newVersions), metadata);
  }
}
