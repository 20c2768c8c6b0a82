import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Falls back to a "default" thread when the config has no thread_id. */
class AcceptsMissingThreadId extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const thread_id = config.configurable?.thread_id ?? "default";
    return super.putWrites({ configurable: { ...config.configurable, thread_id } }, writes, taskId, taskPath);
  }
}

export default {
  name: "put-writes-accepts-missing-thread-id",
  bug: "putWrites without thread_id stores the writes on a default thread instead of rejecting",
  catches: ["test_put_writes_rejects_missing_thread_id"],
  create: () => new AcceptsMissingThreadId(),
} satisfies Mutant;
