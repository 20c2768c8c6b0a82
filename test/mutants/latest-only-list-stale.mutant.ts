import type { CheckpointListOptions, CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { LatestOnlySaver } from "../fixtures/latest-only-saver.js";
import type { Mutant } from "./types.js";

/**
 * list() reads a per-namespace index row written on the namespace's first put
 * and never updated, so it yields a stale checkpoint; getTuple reads the real row.
 */
class ListStale extends LatestOnlySaver {
  private readonly index = new Map<string, CheckpointTuple>();

  override async put(...args: Parameters<LatestOnlySaver["put"]>): Promise<RunnableConfig> {
    const stored = await super.put(...args);
    const key = JSON.stringify([stored.configurable?.thread_id, stored.configurable?.checkpoint_ns]);
    if (!this.index.has(key)) this.index.set(key, (await this.getTuple(stored))!);
    return stored;
  }

  override async deleteThread(threadId: string): Promise<void> {
    await super.deleteThread(threadId);
    for (const key of [...this.index.keys()]) if ((JSON.parse(key) as string[])[0] === threadId) this.index.delete(key);
  }

  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    let left = options.limit ?? Infinity;
    for (const [key, tuple] of this.index) {
      const [threadId, ns] = JSON.parse(key) as [string, string];
      if (config.configurable?.thread_id !== undefined && config.configurable.thread_id !== threadId) continue;
      if (config.configurable?.checkpoint_ns !== undefined && config.configurable.checkpoint_ns !== ns) continue;
      const metadata = (tuple.metadata ?? {}) as Record<string, unknown>;
      if (!Object.entries(options.filter ?? {}).every(([k, v]) => metadata[k] === v)) continue;
      if (left-- <= 0) return;
      yield tuple;
    }
  }
}

export default {
  name: "latest-only-list-stale",
  bug: "a shallow saver's list() reads an index row written on the namespace's first put and never updated, so it yields a stale checkpoint",
  baseline: "latest-only",
  catches: [
    "test_list_yields_the_latest_of_each_namespace",
    "test_list_filter_matches_the_latest",
    "test_list_without_thread_yields_every_latest",
  ],
  create: () => new ListStale(),
} satisfies Mutant;
