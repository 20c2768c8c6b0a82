import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { greatestId } from "./memory-internals.js";

/** A stored checkpoint, by where it lives in MemorySaver's storage. */
export interface StoredAt {
  threadId: string;
  ns: string;
  id: string;
}

/** Which checkpoint a faulty "latest" lookup of (thread, ns) reads; undefined when it finds none. */
export type LatestRule = (storage: MemorySaver["storage"], threadId: string, ns: string) => StoredAt | undefined;

/** The entry with the greatest checkpoint id among `stored` (what "latest" means), or undefined. */
export function newestOf(stored: readonly StoredAt[]): StoredAt | undefined {
  const latest = greatestId(stored.map((s) => s.id));
  return stored.find((s) => s.id === latest);
}

/**
 * MemorySaver whose getTuple without checkpoint_id reads the checkpoint `rule`
 * picks instead of the greatest id of the thread and namespace. With a
 * checkpoint_id, or when the rule finds nothing, it reads as MemorySaver does.
 */
export class FaultyLatestSaver extends MemorySaver {
  constructor(private readonly rule: LatestRule) {
    super();
  }

  override getTuple(config: RunnableConfig) {
    const c = config.configurable ?? {};
    if (c.checkpoint_id || c.thread_id === undefined) return super.getTuple(config);
    const picked = this.rule(this.storage, c.thread_id, c.checkpoint_ns ?? "");
    if (picked === undefined) return super.getTuple(config);
    return super.getTuple({ configurable: { ...c, thread_id: picked.threadId, checkpoint_ns: picked.ns, checkpoint_id: picked.id } });
  }
}
