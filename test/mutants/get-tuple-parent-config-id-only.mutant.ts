import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Builds parentConfig from the parent id alone. */
class ParentConfigIdOnly extends MemorySaver {
  override async getTuple(config: RunnableConfig) {
    const tuple = await super.getTuple(config);
    const parentId = tuple?.parentConfig?.configurable?.checkpoint_id;
    return tuple && parentId ? { ...tuple, parentConfig: { configurable: { checkpoint_id: parentId } } } : tuple;
  }
}

export default {
  name: "get-tuple-parent-config-id-only",
  bug: "parentConfig holds only checkpoint_id, without thread_id and checkpoint_ns",
  catches: ["test_get_tuple_parent_config", "test_get_tuple_latest_when_no_checkpoint_id"],
  create: () => new ParentConfigIdOnly(),
} satisfies Mutant;
