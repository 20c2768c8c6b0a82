import { LatestOnlySaver } from "../fixtures/latest-only-saver.js";
import { deleteRootNamespaceOnly } from "./memory-internals.js";
import type { Mutant } from "./types.js";

/** Deletes the thread's row for the root namespace only: a subgraph's latest checkpoint survives. */
class DeleteThreadRootOnly extends LatestOnlySaver {
  override async deleteThread(threadId: string): Promise<void> {
    deleteRootNamespaceOnly(this, threadId);
  }
}

export default {
  name: "latest-only-delete-thread-root-only",
  bug: "a shallow saver's deleteThread() removes the root namespace's latest checkpoint but leaves the latest of a child namespace",
  baseline: "latest-only",
  catches: ["test_delete_thread_removes_the_latest_everywhere"],
  create: () => new DeleteThreadRootOnly(),
} satisfies Mutant;
