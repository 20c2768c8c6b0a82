import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

/** Deletes only the thread's latest checkpoint in each namespace (a rollback, not a delete). */
class DeleteThreadLatestOnly extends MemorySaver {
  override async deleteThread(threadId: string): Promise<void> {
    for (const checkpoints of Object.values(this.storage[threadId] ?? {})) {
      const latest = Object.keys(checkpoints).sort().at(-1);
      if (latest !== undefined) delete checkpoints[latest];
    }
  }
}

export default {
  name: "delete-thread-latest-only",
  bug: "deleteThread() removes only the latest checkpoint of each namespace, so older ones resurface",
  catches: ["test_delete_thread_removes_checkpoints"],
  create: () => new DeleteThreadLatestOnly(),
} satisfies Mutant;
