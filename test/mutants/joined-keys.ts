import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";

/** How a key-value saver builds one key from thread id, namespace and checkpoint id. */
export type KeyJoin = (threadId: string, ns: string, checkpointId: string) => string;

/**
 * MemorySaver as a key-value store whose checkpoint key is `join(thread, ns, id)`:
 * every place whose parts join to the same key holds one record, the last put.
 */
export class JoinedKeySaver extends MemorySaver {
  private readonly placesByKey = new Map<string, Map<string, [threadId: string, ns: string]>>();

  constructor(private readonly join: KeyJoin) {
    super();
  }

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const returned = await super.put(config, checkpoint, metadata);
    const { thread_id: threadId, checkpoint_ns: ns = "", checkpoint_id: id } = returned.configurable ?? {};
    const key = this.join(threadId, ns, id);
    const places = this.placesByKey.get(key) ?? new Map<string, [string, string]>();
    places.set(JSON.stringify([threadId, ns]), [threadId, ns]);
    this.placesByKey.set(key, places);
    const record = this.storage[threadId]![ns]![id]!;
    for (const [thread, place] of places.values()) {
      if (this.storage[thread]?.[place]?.[id]) this.storage[thread][place][id] = record;
    }
    return returned;
  }
}
