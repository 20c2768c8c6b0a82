import { MemorySaver, type CheckpointTuple, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Keeps pending writes as live objects per checkpoint instead of serialized copies. */
class LiveWrites extends MemorySaver {
  private readonly live = new Map<string, [string, string, unknown][]>();

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string): Promise<void> {
    const key = String(config.configurable?.checkpoint_id);
    const stored = this.live.get(key) ?? [];
    for (const [channel, value] of writes) {
      if (!stored.some(([t, c]) => t === taskId && c === channel)) stored.push([taskId, channel, value]);
    }
    this.live.set(key, stored);
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const tuple = await super.getTuple(config);
    return tuple && { ...tuple, pendingWrites: this.live.get(tuple.checkpoint.id) ?? [] };
  }
}

export default {
  name: "iso-writes-keep-references",
  bug: "putWrites() stores the caller's value objects by reference and getTuple() returns them, so mutations on either side leak into later reads",
  catches: ["test_iso_put_writes_and_pending_writes_are_copies"],
  create: () => new LiveWrites(),
} satisfies Mutant;
