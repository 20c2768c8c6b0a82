import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

/** Treats "nothing to delete" as an error. */
class DeleteThreadThrowsOnUnknown extends MemorySaver {
  override async deleteThread(threadId: string): Promise<void> {
    if (!(threadId in this.storage)) throw new Error(`thread ${threadId} not found`);
    return super.deleteThread(threadId);
  }
}

export default {
  name: "delete-thread-throws-on-unknown",
  bug: "deleteThread() of a thread that does not exist throws instead of doing nothing",
  catches: ["test_delete_thread_nonexistent_noop", "test_delete_thread_first_call_on_fresh_saver"],
  create: () => new DeleteThreadThrowsOnUnknown(),
} satisfies Mutant;
