import {
  MemorySaver,
  type Checkpoint,
  type CheckpointMetadata,
  type CheckpointTuple,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";

export type CacheInvalidation = "put" | "putWrites" | "deleteThread";

export interface ReadCacheOptions {
  /** Which reads are cached: those of the latest checkpoint, or those by checkpoint id. */
  reads: "latest" | "byId";
  /** The writes that drop the thread's cached reads; the others leave them stale. */
  invalidatedBy: readonly CacheInvalidation[];
}

/**
 * MemorySaver with a per-thread cache of getTuple() results (kept serialized,
 * so every read is a fresh copy) that some writes forget to invalidate.
 */
export class ReadCacheSaver extends MemorySaver {
  private readonly cache = new Map<string, Map<string, Uint8Array | undefined>>();

  constructor(private readonly options: ReadCacheOptions) {
    super();
  }

  private invalidate(kind: CacheInvalidation, threadId: unknown): void {
    if (this.options.invalidatedBy.includes(kind)) this.cache.delete(String(threadId));
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable ?? {};
    if ((checkpoint_id !== undefined) !== (this.options.reads === "byId")) return super.getTuple(config);
    const threadCache = this.cache.get(String(thread_id)) ?? new Map<string, Uint8Array | undefined>();
    this.cache.set(String(thread_id), threadCache);
    const key = JSON.stringify([checkpoint_ns, checkpoint_id]);
    if (!threadCache.has(key)) {
      const tuple = await super.getTuple(config);
      threadCache.set(key, tuple && (await this.serde.dumpsTyped(tuple))[1]);
    }
    const cached = threadCache.get(key);
    return cached && ((await this.serde.loadsTyped("json", cached)) as CheckpointTuple);
  }

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    this.invalidate("put", config.configurable?.thread_id);
    return super.put(config, checkpoint, metadata);
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    this.invalidate("putWrites", config.configurable?.thread_id);
    return super.putWrites(config, writes, taskId, taskPath);
  }

  override async deleteThread(threadId: string) {
    this.invalidate("deleteThread", threadId);
    return super.deleteThread(threadId);
  }
}
