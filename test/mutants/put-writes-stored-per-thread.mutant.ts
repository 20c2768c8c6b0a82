import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

/** Reads writes by (thread, namespace) without the checkpoint id, so every checkpoint shows all of them. */
class WritesPerThread extends MemorySaver {
  override _orderedWrites(threadId: string | undefined, checkpointNs: string, checkpointId: string) {
    const ids = Object.keys(this.storage[threadId ?? ""]?.[checkpointNs] ?? {});
    const all = ids.includes(checkpointId) ? ids : [...ids, checkpointId];
    return all.flatMap((id) => super._orderedWrites(threadId, checkpointNs, id));
  }
}

export default {
  name: "put-writes-stored-per-thread",
  bug: "pending writes are looked up by thread and namespace, not checkpoint: a child inherits its parent's writes",
  catches: ["test_put_writes_cleared_on_next_checkpoint", "test_get_tuple_latest_when_no_checkpoint_id"],
  create: () => new WritesPerThread(),
} satisfies Mutant;
