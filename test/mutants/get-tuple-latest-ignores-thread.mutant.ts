import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { greatestId } from "./memory-internals.js";
import type { Mutant } from "./types.js";

/** Its "latest" query filters by namespace but forgets the thread. */
class LatestIgnoresThread extends MemorySaver {
  override getTuple(config: RunnableConfig) {
    const c = config.configurable ?? {};
    if (c.checkpoint_id || c.thread_id === undefined) return super.getTuple(config);
    const ns = c.checkpoint_ns ?? "";
    const candidates = Object.entries(this.storage).flatMap(([thread, byNs]) => Object.keys(byNs[ns] ?? {}).map((id) => ({ thread, id })));
    const latest = greatestId(candidates.map((e) => e.id));
    const thread = candidates.find((e) => e.id === latest)?.thread;
    return latest === undefined ? super.getTuple(config) : super.getTuple({ configurable: { thread_id: thread, checkpoint_ns: ns, checkpoint_id: latest } });
  }
}

export default {
  name: "get-tuple-latest-ignores-thread",
  bug: "getTuple without checkpoint_id returns the newest checkpoint of the namespace across all threads",
  catches: ["test_put_multiple_threads_isolated"],
  create: () => new LatestIgnoresThread(),
} satisfies Mutant;
