import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Keeps the whole store in one document: deleteThread() reads it, awaits, and writes back a copy without the thread. */
class DeleteThreadRewritesStore extends MemorySaver {
  override async deleteThread(threadId: string): Promise<void> {
    const storage: MemorySaver["storage"] = {};
    for (const [thread, namespaces] of Object.entries(this.storage)) {
      storage[thread] = Object.fromEntries(Object.entries(namespaces).map(([ns, checkpoints]) => [ns, { ...checkpoints }]));
    }
    const writes: MemorySaver["writes"] = Object.fromEntries(Object.entries(this.writes).map(([key, stored]) => [key, { ...stored }]));
    delete storage[threadId];
    for (const key of Object.keys(writes)) if ((JSON.parse(key) as string[])[0] === threadId) delete writes[key];
    await tick();
    this.storage = storage;
    this.writes = writes;
  }
}

export default {
  name: "race-delete-thread-rewrites-store",
  bug: "keeps all threads in one document that deleteThread() reads, awaits and writes back without the thread: checkpoints and writes other threads stored meanwhile are lost",
  catches: ["test_race_delete_thread_while_other_threads_write"],
  create: () => new DeleteThreadRewritesStore(),
} satisfies Mutant;
