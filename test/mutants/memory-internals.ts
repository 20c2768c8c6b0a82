import type { RunnableConfig } from "@langchain/core/runnables";
import type { MemorySaver } from "@langchain/langgraph-checkpoint";

/**
 * MemorySaver 1.2.2's private layout, for mutants that break one detail of it:
 * `writes` is keyed by JSON `[thread_id, checkpoint_ns, checkpoint_id]`, then by
 * `"<taskId>,<idx>"`; `storage` is `storage[thread][ns][checkpointId]`.
 */
export function memoryWritesKey(threadId: string, checkpointNs: string, checkpointId: string): string {
  return JSON.stringify([threadId, checkpointNs, checkpointId]);
}

/** The writes key of the checkpoint a putWrites/getTuple config names. */
export function writesKeyOf(config: RunnableConfig): string {
  const c = config.configurable ?? {};
  return memoryWritesKey(c.thread_id, c.checkpoint_ns ?? "", c.checkpoint_id);
}

/** The greatest checkpoint id among `ids` (what "latest" means), or undefined. */
export function greatestId(ids: readonly string[]): string | undefined {
  return [...ids].sort().at(-1);
}

/** deleteThread as `WHERE thread_id = ? AND checkpoint_ns = ''`: the thread's child namespaces stay behind. */
export function deleteRootNamespaceOnly(saver: MemorySaver, threadId: string): void {
  delete saver.storage[threadId]?.[""];
  for (const key of Object.keys(saver.writes)) {
    const [thread, ns] = JSON.parse(key) as [string, string, string];
    if (thread === threadId && ns === "") delete saver.writes[key];
  }
}
