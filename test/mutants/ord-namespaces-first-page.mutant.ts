import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, takeLimit } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/** Lists a thread without checkpoint_ns by first reading its namespace index, of which it gets one page of 100. */
class NamespacesFirstPage extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const { thread_id, checkpoint_ns } = config.configurable ?? {};
    if (thread_id === undefined || checkpoint_ns !== undefined) return yield* super.list(config, options);
    const firstPage = new Set(
      Object.keys(this.storage[thread_id] ?? {})
        .sort()
        .slice(0, 100),
    );
    const all = await collect(super.list(config, { ...options, limit: undefined }));
    yield* takeLimit(
      all.filter((t) => firstPage.has(t.config.configurable?.checkpoint_ns as string)),
      options.limit,
    );
  }
}

export default {
  name: "ord-namespaces-first-page",
  bug: "list({thread_id}) reads the thread's namespaces from an index and gets only its first page of 100, so later namespaces are never listed",
  catches: ["test_ord_many_namespaces"],
  create: () => new NamespacesFirstPage(),
} satisfies Mutant;
