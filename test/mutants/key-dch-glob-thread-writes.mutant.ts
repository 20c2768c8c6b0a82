import { MemorySaver, type DeltaChannelHistory } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { globRegex } from "./thread-matching.js";
import type { Mutant } from "./types.js";

/**
 * Gathers a thread's writes by scanning the keys "writes:<thread>:*", so the
 * writes of thread "user:2" join those of "user" wherever the two share
 * checkpoint ids (as a copyThread leaves them).
 */
class HistoryGlobThreadWrites extends MemorySaver {
  override async getDeltaChannelHistory(options: {
    config: RunnableConfig;
    channels: string[];
  }): Promise<Record<string, DeltaChannelHistory>> {
    const threadId = options.config.configurable?.thread_id as string;
    const own = await super.getDeltaChannelHistory(options);
    const pattern = globRegex(`${threadId}:*`);
    for (const other of Object.keys(this.storage).filter((t) => t !== threadId && pattern.test(`${t}:`))) {
      const config = { ...options.config, configurable: { ...options.config.configurable, thread_id: other } };
      const theirs = await super.getDeltaChannelHistory({ ...options, config });
      for (const channel of Object.keys(own)) own[channel]!.writes.push(...(theirs[channel]?.writes ?? []));
    }
    return own;
  }
}

export default {
  name: "key-dch-glob-thread-writes",
  bug: 'getDeltaChannelHistory gathers writes by the glob "writes:<thread>:*": on thread "user" it also replays the writes of thread "user:2" where they share checkpoint ids',
  catches: ["test_key_delta_history_reads_only_the_named_thread"],
  create: () => new HistoryGlobThreadWrites(),
} satisfies Mutant;
