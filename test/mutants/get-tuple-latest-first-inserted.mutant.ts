import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Takes the first stored checkpoint of the namespace as the latest (an ascending ORDER BY). */
class LatestFirstInserted extends MemorySaver {
  override getTuple(config: RunnableConfig) {
    const c = config.configurable ?? {};
    if (c.checkpoint_id || c.thread_id === undefined) return super.getTuple(config);
    const first = Object.keys(this.storage[c.thread_id]?.[c.checkpoint_ns ?? ""] ?? {})[0];
    return first === undefined ? super.getTuple(config) : super.getTuple({ configurable: { ...c, checkpoint_ns: c.checkpoint_ns ?? "", checkpoint_id: first } });
  }
}

export default {
  name: "get-tuple-latest-first-inserted",
  bug: "getTuple without checkpoint_id returns the oldest checkpoint instead of the latest",
  catches: ["test_get_tuple_latest_when_no_checkpoint_id"],
  create: () => new LatestFirstInserted(),
} satisfies Mutant;
