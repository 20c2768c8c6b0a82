import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { GraphMutant } from "./types.js";

/** putWrites() checks that its checkpoint exists, like a foreign key from writes to checkpoints. */
class WritesNeedCheckpoint extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    if (!(await super.getTuple(config))) {
      throw new Error(`foreign key violation: checkpoint ${String(config.configurable?.checkpoint_id)} does not exist`);
    }
    return super.putWrites(config, writes, taskId, taskPath);
  }
}

export default {
  name: "writes-need-checkpoint",
  bug: "putWrites() rejects writes whose checkpoint has not been put yet (a foreign key), which async and exit durability send first",
  catches: ["G01", "G02", "G03", "G11", "G15"],
  // No longer storage-blind: test_latest_keeps_writes_that_arrived_before_its_put saves writes before their put.
  create: () => new WritesNeedCheckpoint(),
} satisfies GraphMutant;
