import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

const BATCH = 100;

/** Deletes a thread namespace by namespace in one batch of 100 and never sends the next batch. */
class DeleteThreadFirstBatch extends MemorySaver {
  override async deleteThread(threadId: string): Promise<void> {
    const namespaces = Object.keys(this.storage[threadId] ?? {}).sort();
    if (namespaces.length <= BATCH) return super.deleteThread(threadId);
    const batch = new Set(namespaces.slice(0, BATCH));
    for (const ns of batch) delete this.storage[threadId]![ns];
    for (const key of Object.keys(this.writes)) {
      const [thread, ns] = JSON.parse(key) as [string, string, string];
      if (thread === threadId && batch.has(ns)) delete this.writes[key];
    }
  }
}

export default {
  name: "ord-delete-thread-first-batch",
  bug: "deleteThread deletes in batches of 100 namespaces (a batch-delete API's limit) and never sends the second batch",
  catches: ["test_ord_delete_thread_many_namespaces"],
  create: () => new DeleteThreadFirstBatch(),
} satisfies Mutant;
