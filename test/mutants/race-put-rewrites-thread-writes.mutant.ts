import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Keeps a thread's pending writes inside the thread's document, which put() reads, awaits, and writes back whole. */
class PutRewritesThreadWrites extends MemorySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const threadId = config.configurable?.thread_id as string;
    const ofThread = (key: string) => (JSON.parse(key) as string[])[0] === threadId;
    const document = Object.entries(this.writes)
      .filter(([key]) => ofThread(key))
      .map(([key, writes]) => [key, { ...writes }] as const);
    await tick();
    const returned = await super.put(config, checkpoint, metadata);
    for (const key of Object.keys(this.writes)) if (ofThread(key)) delete this.writes[key];
    for (const [key, writes] of document) this.writes[key] = writes;
    return returned;
  }
}

export default {
  name: "race-put-rewrites-thread-writes",
  bug: "stores a thread's pending writes in the thread's document, which put() reads, awaits and writes back whole: writes stored while put() ran are lost",
  catches: ["test_race_put_and_put_writes_on_one_thread"],
  create: () => new PutRewritesThreadWrites(),
} satisfies Mutant;
