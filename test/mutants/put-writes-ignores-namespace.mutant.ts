import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Has no checkpoint_ns column for writes: every write lands on the root namespace. */
class IgnoresNamespace extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    return super.putWrites({ configurable: { ...config.configurable, checkpoint_ns: "" } }, writes, taskId, taskPath);
  }
}

export default {
  name: "put-writes-ignores-namespace",
  bug: "putWrites ignores checkpoint_ns and stores every write under the root namespace",
  catches: ["test_put_writes_across_namespaces", "test_put_writes_basic"],
  create: () => new IgnoresNamespace(),
} satisfies Mutant;
