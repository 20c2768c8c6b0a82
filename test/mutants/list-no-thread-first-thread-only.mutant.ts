import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Without a thread_id, picks "the" thread (the first one stored) instead of listing all of them. */
class ListNoThreadFirstThreadOnly extends MemorySaver {
  override list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const first = Object.keys(this.storage)[0];
    if (config.configurable?.thread_id !== undefined || first === undefined) return super.list(config, options);
    return super.list({ ...config, configurable: { ...config.configurable, thread_id: first } }, options);
  }
}

export default {
  name: "list-no-thread-first-thread-only",
  bug: "list() without a thread_id lists only the first stored thread instead of every thread",
  catches: ["test_list_without_thread_id_lists_every_thread"],
  create: () => new ListNoThreadFirstThreadOnly(),
} satisfies Mutant;
