import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { deleteRootNamespaceOnly } from "./memory-internals.js";
import type { Mutant } from "./types.js";

/** Deletes with `WHERE thread_id = ? AND checkpoint_ns = ''`, leaving subgraph namespaces behind. */
class DeleteThreadRootNamespaceOnly extends MemorySaver {
  override async deleteThread(threadId: string): Promise<void> {
    deleteRootNamespaceOnly(this, threadId);
  }
}

export default {
  name: "delete-thread-root-namespace-only",
  bug: 'deleteThread() deletes only the root namespace (""), leaving child namespaces of the thread behind',
  catches: ["test_delete_thread_removes_all_namespaces"],
  create: () => new DeleteThreadRootNamespaceOnly(),
} satisfies Mutant;
