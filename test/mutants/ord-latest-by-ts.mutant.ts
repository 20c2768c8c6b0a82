import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, takeLimit } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/** Orders by the checkpoint's ts (a created_at column) instead of its id. */
class LatestByTs extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const all = await collect(super.list(config, { ...options, limit: undefined }));
    all.sort((a, b) => (a.checkpoint.ts < b.checkpoint.ts ? 1 : a.checkpoint.ts > b.checkpoint.ts ? -1 : 0));
    yield* takeLimit(all, options.limit);
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable ?? {};
    if (thread_id === undefined || checkpoint_id !== undefined) return super.getTuple(config);
    const [latest] = await collect(this.list({ configurable: { thread_id, checkpoint_ns } }, { limit: 1 }));
    return latest && super.getTuple(latest.config);
  }
}

export default {
  name: "ord-latest-by-ts",
  bug: "list() and the latest checkpoint are ordered by checkpoint.ts (ORDER BY created_at), not by checkpoint_id",
  catches: ["test_ord_id_order_not_ts_or_insertion"],
  create: () => new LatestByTs(),
} satisfies Mutant;
