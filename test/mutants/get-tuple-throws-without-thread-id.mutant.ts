import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Validates reads as strictly as writes. */
class ThrowsWithoutThreadId extends MemorySaver {
  override getTuple(config: RunnableConfig) {
    if (config.configurable?.thread_id === undefined) return Promise.reject(new Error("Missing thread_id field in config.configurable."));
    return super.getTuple(config);
  }
}

export default {
  name: "get-tuple-throws-without-thread-id",
  bug: "getTuple without thread_id rejects instead of resolving to undefined",
  catches: ["test_get_tuple_without_thread_id_returns_undefined"],
  create: () => new ThrowsWithoutThreadId(),
} satisfies Mutant;
