import type { RunnableConfig } from "@langchain/core/runnables";
import {
  BaseCheckpointSaver,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import { sleep } from "./barrier.js";

/**
 * Delegates to `inner`, delaying put() by `ms` and putWrites() by a quarter of
 * it (like upstream's MemorySaverAssertImmutableSlow). With async durability a
 * task's writes then reach the saver before its checkpoint; the graph must
 * behave exactly as without the delay.
 */
export class LatencySaver extends BaseCheckpointSaver {
  constructor(
    private readonly inner: BaseCheckpointSaver,
    private readonly ms: number,
  ) {
    super(inner.serde);
  }

  getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    return this.inner.getTuple(config);
  }

  list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    return this.inner.list(config, options);
  }

  async put(
    config: RunnableConfig,
    checkpoint: Checkpoint,
    metadata: CheckpointMetadata,
    newVersions: ChannelVersions,
  ): Promise<RunnableConfig> {
    await sleep(this.ms);
    return this.inner.put(config, checkpoint, metadata, newVersions);
  }

  async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
    await sleep(this.ms / 4);
    return this.inner.putWrites(config, writes, taskId, taskPath);
  }

  deleteThread(threadId: string): Promise<void> {
    return this.inner.deleteThread(threadId);
  }

  override getNextVersion(current: number | undefined): number {
    return this.inner.getNextVersion(current);
  }

  override getDeltaChannelHistory(
    ...args: Parameters<BaseCheckpointSaver["getDeltaChannelHistory"]>
  ): ReturnType<BaseCheckpointSaver["getDeltaChannelHistory"]> {
    return this.inner.getDeltaChannelHistory(...args);
  }
}
