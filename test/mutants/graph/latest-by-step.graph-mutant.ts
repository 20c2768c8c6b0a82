import { MemorySaver, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { GraphMutant } from "./types.js";

/** "Latest" = the highest metadata.step (an indexed step column), ties going to the first stored. */
class LatestByStep extends MemorySaver {
  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    if (config.configurable?.checkpoint_id || config.configurable?.thread_id === undefined) return super.getTuple(config);
    let best: CheckpointTuple | undefined;
    for await (const tuple of super.list({
      configurable: { thread_id: config.configurable?.thread_id, checkpoint_ns: config.configurable?.checkpoint_ns ?? "" },
    })) {
      // list() is newest first, so `>=` lets an older checkpoint with the same step win.
      if (!best || (tuple.metadata?.step ?? 0) >= (best.metadata?.step ?? 0)) best = tuple;
    }
    return best && super.getTuple(best.config);
  }
}

export default {
  name: "latest-by-step",
  bug: "getTuple() without an id returns the checkpoint with the highest metadata.step (the first stored on ties), not the largest id",
  catches: ["G06", "G08", "G09"],
  create: () => new LatestByStep(),
} satisfies GraphMutant;
