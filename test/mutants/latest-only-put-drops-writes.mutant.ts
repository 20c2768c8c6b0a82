import type { Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { LatestOnlySaver } from "../fixtures/latest-only-saver.js";
import type { Mutant } from "./types.js";

/** Clears the namespace's writes table on every put, also the writes already saved for the checkpoint being put. */
class PutDropsWrites extends LatestOnlySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata): Promise<RunnableConfig> {
    const stored = await super.put(config, checkpoint, metadata);
    for (const key of Object.keys(this.writes)) {
      const [threadId, ns] = JSON.parse(key) as [string, string, string];
      if (threadId === stored.configurable?.thread_id && ns === stored.configurable?.checkpoint_ns) delete this.writes[key];
    }
    return stored;
  }
}

export default {
  name: "latest-only-put-drops-writes",
  bug: "a shallow saver's put() deletes every write of the namespace, so writes saved for the new checkpoint before its put finished are lost",
  baseline: "latest-only",
  catches: ["test_latest_keeps_writes_that_arrived_before_its_put"],
  create: () => new PutDropsWrites(),
} satisfies Mutant;
