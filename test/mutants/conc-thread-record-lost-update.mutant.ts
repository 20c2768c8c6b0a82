import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Stores each thread as one document (all namespaces) that put() reads, extends and writes back whole. */
class ThreadDocumentRace extends MemorySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const threadId = config.configurable?.thread_id as string;
    const document = { ...(this.storage[threadId] ?? {}) };
    const scratch = new MemorySaver(this.serde);
    scratch.storage[threadId] = {};
    const returned = await scratch.put(config, checkpoint, metadata);
    const ns = returned.configurable?.checkpoint_ns as string;
    document[ns] = { ...(document[ns] ?? {}), ...scratch.storage[threadId][ns] };
    this.storage[threadId] = document;
    return returned;
  }
}

export default {
  name: "conc-thread-record-lost-update",
  bug: "put() reads the whole thread document, awaits, and writes it back: parallel subgraphs in other namespaces of the thread lose their checkpoints",
  catches: ["test_conc_parallel_namespaces_one_thread"],
  create: () => new ThreadDocumentRace(),
} satisfies Mutant;
