import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Takes the checkpoint put last as the latest (insertion order, not the greatest id). */
class LatestLastInserted extends MemorySaver {
  override getTuple(config: RunnableConfig) {
    const c = config.configurable ?? {};
    if (c.checkpoint_id || c.thread_id === undefined) return super.getTuple(config);
    const last = Object.keys(this.storage[c.thread_id]?.[c.checkpoint_ns ?? ""] ?? {}).at(-1);
    return last === undefined ? super.getTuple(config) : super.getTuple({ configurable: { ...c, checkpoint_ns: c.checkpoint_ns ?? "", checkpoint_id: last } });
  }
}

export default {
  name: "get-tuple-latest-last-inserted",
  bug: "getTuple without checkpoint_id returns the checkpoint put last, not the one with the greatest id",
  catches: ["test_get_tuple_latest_is_greatest_checkpoint_id"],
  create: () => new LatestLastInserted(),
} satisfies Mutant;
