import type { Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { LatestOnlySaver } from "../fixtures/latest-only-saver.js";
import type { Mutant } from "./types.js";

/** Upserts with `ON CONFLICT (thread_id, checkpoint_ns) DO NOTHING`: the first checkpoint of a namespace stays forever. */
class KeepsFirst extends LatestOnlySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata): Promise<RunnableConfig> {
    const threadId = config.configurable?.thread_id as string;
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? "";
    if (Object.keys(this.storage[threadId]?.[ns] ?? {}).length > 0) {
      return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpoint.id } };
    }
    return super.put(config, checkpoint, metadata);
  }
}

export default {
  name: "latest-only-keeps-first",
  bug: "a shallow saver whose upsert does nothing on conflict keeps a namespace's first checkpoint instead of replacing it with the latest",
  baseline: "latest-only",
  catches: ["test_latest_is_the_last_put", "test_list_yields_the_latest_of_each_namespace"],
  create: () => new KeepsFirst(),
} satisfies Mutant;
