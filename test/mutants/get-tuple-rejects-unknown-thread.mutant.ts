import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Treats "no checkpoint for this thread" as an error. */
class RejectsUnknownThread extends MemorySaver {
  override async getTuple(config: RunnableConfig) {
    const thread = config.configurable?.thread_id;
    if (thread !== undefined && this.storage[thread] === undefined) throw new Error(`thread ${String(thread)} not found`);
    return super.getTuple(config);
  }
}

export default {
  name: "get-tuple-rejects-unknown-thread",
  bug: "getTuple rejects for a thread with no checkpoint instead of resolving to undefined",
  catches: ["test_get_tuple_nonexistent_returns_none"],
  create: () => new RejectsUnknownThread(),
} satisfies Mutant;
