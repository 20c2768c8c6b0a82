import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

/** Deletes the checkpoints table rows but forgets the writes table. */
class DeleteThreadLeavesWrites extends MemorySaver {
  override async deleteThread(threadId: string): Promise<void> {
    delete this.storage[threadId];
  }
}

export default {
  name: "delete-thread-leaves-writes",
  bug: "deleteThread() deletes checkpoints but leaves their pending writes, which resurface when the checkpoint id is put again",
  catches: ["test_delete_thread_removes_writes"],
  create: () => new DeleteThreadLeavesWrites(),
} satisfies Mutant;
