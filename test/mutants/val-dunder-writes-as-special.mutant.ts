import { MemorySaver, WRITES_IDX_MAP, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/**
 * Treats every "__"-prefixed channel as a special write (`channel.startsWith("__")`
 * instead of WRITES_IDX_MAP): they share one slot, so a call keeps only the last.
 */
class DunderWritesAsSpecial extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const reserved = (channel: string) => channel.startsWith("__") && !Object.hasOwn(WRITES_IDX_MAP, channel);
    const lastReserved = writes.findLastIndex(([channel]) => reserved(channel));
    return super.putWrites(
      config,
      writes.filter(([channel], i) => !reserved(channel) || i === lastReserved),
      taskId,
      taskPath,
    );
  }
}

export default {
  name: "val-dunder-writes-as-special",
  bug: "putWrites treats every __-prefixed channel (__start__, __pregel_push, …) as a special write sharing one slot, so only the last survives",
  catches: ["test_val_write_channel_names_as_data"],
  create: () => new DunderWritesAsSpecial(),
} satisfies Mutant;
