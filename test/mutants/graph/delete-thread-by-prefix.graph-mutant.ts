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
  catches: ["G20"],
  passesStorageSpecs: true,
  create: () => new DeleteThreadByPrefix(),
} satisfies GraphMutant;
