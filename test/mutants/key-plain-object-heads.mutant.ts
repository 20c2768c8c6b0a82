import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/**
 * One document per thread whose `heads` field maps each namespace to its latest
 * checkpoint id; read back with JSON.parse it is a plain object, so a namespace
 * named like an Object.prototype member (toString, hasOwnProperty, valueOf)
 * that the thread never wrote finds the inherited function instead of nothing.
 */
class PlainObjectHeads extends MemorySaver {
  private readonly threads = new Map<string, string>();

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const returned = await super.put(config, checkpoint, metadata);
    const ns = (returned.configurable?.checkpoint_ns as string | undefined) ?? "";
    const threadId = returned.configurable?.thread_id as string;
    const heads = JSON.parse(this.threads.get(threadId) ?? "{}") as Record<string, string>;
    if (!(heads[ns] >= checkpoint.id)) heads[ns] = checkpoint.id;
    this.threads.set(threadId, JSON.stringify(heads));
    return returned;
  }

  override async deleteThread(threadId: string): Promise<void> {
    await super.deleteThread(threadId);
    this.threads.delete(threadId);
  }

  override async getTuple(config: RunnableConfig) {
    const c = config.configurable ?? {};
    if (c.checkpoint_id || c.thread_id === undefined) return super.getTuple(config);
    const document = this.threads.get(c.thread_id);
    if (document === undefined) return undefined;
    const head = (JSON.parse(document) as Record<string, string>)[c.checkpoint_ns ?? ""];
    if (!head) return undefined;
    return super.getTuple({ ...config, configurable: { ...c, checkpoint_id: head } });
  }
}

export default {
  name: "key-plain-object-heads",
  bug: "the latest checkpoint of each namespace is looked up in a plain object (a thread document's heads field), so a namespace named toString or hasOwnProperty that was never written finds Object.prototype's member",
  catches: ["test_key_object_member_names_are_plain_ids"],
  create: () => new PlainObjectHeads(),
} satisfies Mutant;
