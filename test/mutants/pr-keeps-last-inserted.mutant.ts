import type { Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** keep_latest keeps the row inserted last (`ORDER BY rowid DESC LIMIT 1`), not the greatest checkpoint id. */
class KeepsLastInserted extends ReferenceSaver {
  private readonly inserted = new Map<string, number>();
  private rows = 0;

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const returned = await super.put(config, checkpoint, metadata);
    const key = JSON.stringify([returned.configurable?.thread_id, returned.configurable?.checkpoint_ns, checkpoint.id]);
    if (!this.inserted.has(key)) this.inserted.set(key, (this.rows += 1));
    return returned;
  }

  protected override async keptByKeepLatest(threadId: string, ns: string): Promise<Set<string>> {
    const ids = Object.keys(this.storage[threadId][ns]);
    const row = (id: string) => this.inserted.get(JSON.stringify([threadId, ns, id])) ?? 0;
    return new Set(ids.length === 0 ? [] : [ids.reduce((a, b) => (row(b) > row(a) ? b : a))]);
  }
}

export default {
  name: "pr-keeps-last-inserted",
  bug: "prune keep_latest keeps the checkpoint inserted last (by row order) instead of the one with the greatest id",
  baseline: "reference",
  catches: ["test_prune_keep_latest_by_id_keeps_writes_of_every_namespace"],
  create: () => new KeepsLastInserted(),
} satisfies Mutant;
