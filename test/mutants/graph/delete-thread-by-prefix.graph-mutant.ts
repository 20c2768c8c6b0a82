import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { GraphMutant } from "./types.js";

/** deleteThread(t) deletes every thread whose id starts with t (`WHERE thread_id LIKE t || '%'`). */
class DeleteThreadByPrefix extends MemorySaver {
  override async deleteThread(threadId: string) {
    for (const id of Object.keys(this.storage)) if (id.startsWith(threadId)) await super.deleteThread(id);
  }
}

export default {
  name: "delete-thread-by-prefix",
  bug: "deleteThread(t) also deletes every thread whose id starts with t",
  // No longer storage-blind: KEY-04 (test_key_delete_thread_deletes_only_the_named_thread) catches it too.
  catches: ["G20"],
  create: () => new DeleteThreadByPrefix(),
} satisfies GraphMutant;
