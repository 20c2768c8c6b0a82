import { MemorySaver, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/** Picks the latest checkpoint by the greatest metadata.step, as a sorted set scored by step does. */
class LatestByStep extends MemorySaver {
  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable ?? {};
    if (checkpoint_id || thread_id === undefined) return super.getTuple(config);
    const tuples = await collect(super.list({ configurable: { thread_id, checkpoint_ns } }));
    const step = (t: CheckpointTuple) => t.metadata?.step ?? -1;
    // ZREVRANGE by score: the greatest step wins; among equal steps the newest id (listed first) stays.
    const latest = tuples.reduce<CheckpointTuple | undefined>(
      (best, t) => (best === undefined || step(t) > step(best) ? t : best),
      undefined,
    );
    return latest && super.getTuple(latest.config);
  }
}

export default {
  name: "ord-latest-by-step",
  bug: "getTuple without checkpoint_id returns the checkpoint with the greatest metadata.step (a sorted set scored by step), so after a fork at a lower step it returns the old branch's head",
  catches: ["test_ord_latest_fork_at_lower_step"],
  create: () => new LatestByStep(),
} satisfies Mutant;
