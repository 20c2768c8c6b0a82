import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

/** Its DELETE statements lost their `WHERE thread_id = ?`. */
class DeleteThreadClearsEverything extends MemorySaver {
  override async deleteThread(): Promise<void> {
    this.storage = Object.create(null);
    this.writes = Object.create(null);
  }
}

export default {
  name: "delete-thread-clears-everything",
  bug: "deleteThread() deletes every thread (its DELETE lost the WHERE thread_id condition)",
  catches: ["test_delete_thread_preserves_other_threads"],
  create: () => new DeleteThreadClearsEverything(),
} satisfies Mutant;
