import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Builds tuple.config from the thread and checkpoint id only. */
class ConfigWithoutNamespace extends MemorySaver {
  override async getTuple(config: RunnableConfig) {
    const tuple = await super.getTuple(config);
    if (!tuple) return tuple;
    const { thread_id, checkpoint_id } = tuple.config.configurable ?? {};
    return { ...tuple, config: { configurable: { thread_id, checkpoint_id } } };
  }
}

export default {
  name: "get-tuple-config-without-namespace",
  bug: "tuple.config lacks checkpoint_ns",
  catches: ["test_get_tuple_config_structure", "test_put_root_namespace", "test_get_tuple_latest_when_no_checkpoint_id"],
  create: () => new ConfigWithoutNamespace(),
} satisfies Mutant;
