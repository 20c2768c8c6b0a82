import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Attaches pending writes in list() only, not in getTuple(). */
class DropsPendingWrites extends MemorySaver {
  override async getTuple(config: RunnableConfig) {
    const tuple = await super.getTuple(config);
    return tuple && { ...tuple, pendingWrites: [] };
  }
}

export default {
  name: "get-tuple-drops-pending-writes",
  bug: "getTuple returns no pending writes",
  catches: ["test_get_tuple_pending_writes", "test_put_writes_basic"],
  create: () => new DropsPendingWrites(),
} satisfies Mutant;
