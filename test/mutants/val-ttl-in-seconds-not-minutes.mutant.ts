import { MemorySaver, type Checkpoint, type CheckpointListOptions, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { writesKey } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** The configured TTL: one minute, as LangGraph's `ttl.default_ttl` counts. */
const DEFAULT_TTL_MINUTES = 1;

/**
 * Expires checkpoints (and their writes) DEFAULT_TTL_MINUTES after they were
 * written, but multiplies by 1,000 as if the TTL were in seconds: data lives
 * one second, not one minute. Expired entries are swept before every read.
 */
class TtlInSeconds extends MemorySaver {
  private readonly expiresAt = new Map<string, number>();

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const returned = await super.put(config, checkpoint, metadata);
    const { thread_id, checkpoint_ns = "", checkpoint_id } = returned.configurable ?? {};
    this.expiresAt.set(writesKey(thread_id, checkpoint_ns, checkpoint_id), Date.now() + DEFAULT_TTL_MINUTES * 1_000);
    return returned;
  }

  override async putWrites(...args: Parameters<MemorySaver["putWrites"]>) {
    this.sweep();
    return super.putWrites(...args);
  }

  override async getTuple(config: RunnableConfig) {
    this.sweep();
    return super.getTuple(config);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions) {
    this.sweep();
    yield* super.list(config, options);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, expiry] of this.expiresAt) {
      if (expiry > now) continue;
      const [threadId, ns, id] = JSON.parse(key) as [string, string, string];
      delete this.storage[threadId]?.[ns]?.[id];
      if (this.storage[threadId]?.[ns] && Object.keys(this.storage[threadId][ns]).length === 0) delete this.storage[threadId][ns];
      delete this.writes[key];
      this.expiresAt.delete(key);
    }
  }
}

export default {
  name: "val-ttl-in-seconds-not-minutes",
  bug: "expires checkpoints after a TTL of one minute counted in seconds (× 1,000 ms instead of × 60,000), so data lives one second",
  catches: ["test_val_early_data_still_exact_at_the_end"],
  create: () => new TtlInSeconds(),
} satisfies Mutant;
