import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Without checkpoint_id, attaches the writes to the thread's latest checkpoint. */
class AttachesToLatest extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const checkpoint_id = config.configurable?.checkpoint_id ?? (await this.getTuple(config))?.checkpoint.id;
    return super.putWrites({ configurable: { ...config.configurable, checkpoint_id } }, writes, taskId, taskPath);
  }
}

export default {
  name: "put-writes-attaches-to-latest",
  bug: "putWrites without checkpoint_id attaches the writes to the latest checkpoint instead of rejecting",
  catches: ["test_put_writes_rejects_missing_checkpoint_id"],
  create: () => new AttachesToLatest(),
} satisfies Mutant;
