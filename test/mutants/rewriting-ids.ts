import {
  MemorySaver,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";

/**
 * MemorySaver that stores and looks up every thread id and namespace
 * rewritten by `key` (as a backend column or key scheme does), so what comes
 * back is the rewritten id and ids that rewrite alike collide.
 */
export class RewritingIdsSaver extends MemorySaver {
  constructor(private readonly key: (id: string) => string) {
    super();
  }

  private rewrite(config: RunnableConfig): RunnableConfig {
    const c = config.configurable ?? {};
    const rewritten = { ...c };
    if (typeof c.thread_id === "string") rewritten.thread_id = this.key(c.thread_id);
    if (typeof c.checkpoint_ns === "string") rewritten.checkpoint_ns = this.key(c.checkpoint_ns);
    return { ...config, configurable: rewritten };
  }

  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    return super.put(this.rewrite(config), checkpoint, metadata);
  }

  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    return super.putWrites(this.rewrite(config), writes, taskId, taskPath);
  }

  override getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    return super.getTuple(this.rewrite(config));
  }

  override list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    return super.list(this.rewrite(config), options);
  }

  override deleteThread(threadId: string): Promise<void> {
    return super.deleteThread(this.key(threadId));
  }
}
