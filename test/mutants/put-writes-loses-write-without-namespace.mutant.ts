import type { PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { DefaultNamespaceWritesSaver } from "../fixtures/default-namespace-writes-saver.js";
import type { Mutant } from "./types.js";

/** Accepts a putWrites config without checkpoint_ns but files the write where no read looks (as SqliteSaver does). */
class LosesWriteWithoutNamespace extends DefaultNamespaceWritesSaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    if (config.configurable?.checkpoint_ns === undefined) return;
    return super.putWrites(config, writes, taskId, taskPath);
  }
}

export default {
  name: "put-writes-loses-write-without-namespace",
  bug: "putWrites without checkpoint_ns resolves but the write is never read back",
  baseline: "default-namespace-writes",
  catches: ["test_put_writes_defaults_missing_namespace"],
  create: () => new LosesWriteWithoutNamespace(),
} satisfies Mutant;
