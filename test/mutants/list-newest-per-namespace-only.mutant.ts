import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, takeLimit } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/** Keeps the first (newest) tuple of each thread and namespace, as a `DISTINCT ON (thread_id, checkpoint_ns)` left in the query would. */
class ListNewestPerNamespaceOnly extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const seen = new Set<string>();
    const newest = (await collect(super.list(config, { ...options, limit: undefined }))).filter((t) => {
      const key = JSON.stringify([t.config.configurable?.thread_id, t.config.configurable?.checkpoint_ns ?? ""]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    yield* takeLimit(newest, options.limit);
  }
}

export default {
  name: "list-newest-per-namespace-only",
  bug: "list() yields only the newest checkpoint of each thread and namespace (a DISTINCT ON left in the query): the history is not listed",
  catches: ["test_list_all", "test_list_by_thread", "test_list_ordering"],
  create: () => new ListNewestPerNamespaceOnly(),
} satisfies Mutant;
