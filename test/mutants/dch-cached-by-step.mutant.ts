import type { DeltaChannelHistory } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Caches getDeltaChannelHistory by (thread, namespace, step, channels): two forks at one step share an entry. */
class HistoryCachedByStep extends ReferenceSaver {
  private readonly cache = new Map<string, Record<string, DeltaChannelHistory>>();

  override async getDeltaChannelHistory(options: {
    config: RunnableConfig;
    channels: string[];
  }): Promise<Record<string, DeltaChannelHistory>> {
    const target = await this.getTuple(options.config);
    const { thread_id, checkpoint_ns = "" } = options.config.configurable ?? {};
    const key = JSON.stringify([thread_id, checkpoint_ns, target?.metadata?.step, options.channels]);
    const cached = this.cache.get(key);
    if (cached) return structuredClone(cached);
    const result = await super.getDeltaChannelHistory(options);
    if (target) this.cache.set(key, structuredClone(result));
    return result;
  }
}

export default {
  name: "dch-cached-by-step",
  bug: "caches delta-channel history by (thread, namespace, step), so the history of one fork's head is returned for another fork at the same step",
  baseline: "reference",
  catches: ["test_ord_history_of_two_forks_at_one_step"],
  create: () => new HistoryCachedByStep(),
} satisfies Mutant;
