import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Falls back to a "default" thread when the config names none. */
class DefaultsMissingThreadId extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const thread_id = config.configurable?.thread_id ?? "default";
    return super.put({ ...config, configurable: { ...config.configurable, thread_id } }, checkpoint, metadata);
  }
}

export default {
  name: "put-defaults-missing-thread-id",
  bug: "put without thread_id (or without configurable) stores on a default thread instead of rejecting",
  catches: ["test_put_rejects_missing_configurable", "test_put_rejects_missing_thread_id"],
  create: () => new DefaultsMissingThreadId(),
} satisfies Mutant;
