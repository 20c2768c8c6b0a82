import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { greatestId } from "./memory-internals.js";
import type { Mutant } from "./types.js";

/** Looks for the latest checkpoint across every namespace of the thread. */
class LatestIgnoresNamespace extends MemorySaver {
  override getTuple(config: RunnableConfig) {
    const c = config.configurable ?? {};
    if (c.checkpoint_id || c.thread_id === undefined) return super.getTuple(config);
    const byNs = Object.entries(this.storage[c.thread_id] ?? {}).flatMap(([ns, checkpoints]) => Object.keys(checkpoints).map((id) => ({ ns, id })));
    const latest = greatestId(byNs.map((e) => e.id));
    const ns = byNs.find((e) => e.id === latest)?.ns;
    return latest === undefined ? super.getTuple(config) : super.getTuple({ configurable: { thread_id: c.thread_id, checkpoint_ns: ns, checkpoint_id: latest } });
  }
}

export default {
  name: "get-tuple-latest-ignores-namespace",
  bug: "getTuple without checkpoint_id returns the thread's newest checkpoint of any namespace",
  catches: ["test_get_tuple_respects_namespace"],
  create: () => new LatestIgnoresNamespace(),
} satisfies Mutant;
