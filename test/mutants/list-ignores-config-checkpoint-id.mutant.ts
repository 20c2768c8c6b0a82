import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Reads only thread_id and checkpoint_ns from the list config (as JS SqliteSaver does). */
class ListIgnoresConfigCheckpointId extends MemorySaver {
  override list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const { checkpoint_id: _ignored, ...rest } = config.configurable ?? {};
    return super.list({ ...config, configurable: rest }, options);
  }
}

export default {
  name: "list-ignores-config-checkpoint-id",
  bug: "list() ignores a checkpoint_id in its config and lists the whole namespace",
  catches: ["test_list_checkpoint_id_in_config"],
  create: () => new ListIgnoresConfigCheckpointId(),
} satisfies Mutant;
