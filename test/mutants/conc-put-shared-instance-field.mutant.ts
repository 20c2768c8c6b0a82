import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Remembers "the current thread" in an instance field and reads it back after an await. */
class CurrentThreadField extends MemorySaver {
  private currentThread: string | undefined;

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    this.currentThread = config.configurable?.thread_id;
    await this.serde.dumpsTyped(metadata);
    const threadConfig = { ...config, configurable: { ...config.configurable, thread_id: this.currentThread } };
    return super.put(threadConfig, checkpoint, metadata);
  }
}

export default {
  name: "conc-put-shared-instance-field",
  bug: "put() keeps the thread id in an instance field across an await, so concurrent threads store checkpoints under each other's id",
  catches: ["test_conc_threads_run_at_once"],
  create: () => new CurrentThreadField(),
} satisfies Mutant;
