import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Returns `{thread_id, checkpoint_id}` from put, leaving checkpoint_ns out. */
class ReturnsConfigWithoutNamespace extends MemorySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const returned = await super.put(config, checkpoint, metadata);
    const { thread_id, checkpoint_id } = returned.configurable ?? {};
    return { configurable: { thread_id, checkpoint_id } };
  }
}

export default {
  name: "put-returns-config-without-namespace",
  bug: "the config put returns lacks checkpoint_ns",
  catches: ["test_put_returns_config", "test_put_child_namespace", "test_put_default_namespace"],
  create: () => new ReturnsConfigWithoutNamespace(),
} satisfies Mutant;
