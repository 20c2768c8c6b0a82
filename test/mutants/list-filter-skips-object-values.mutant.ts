import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Translates only scalar filter values into conditions and silently drops objects. */
class ListFilterSkipsObjectValues extends MemorySaver {
  override list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const scalars = Object.entries(options.filter ?? {}).filter(([, value]) => value === null || typeof value !== "object");
    return super.list(config, { ...options, filter: options.filter && Object.fromEntries(scalars) });
  }
}

export default {
  name: "list-filter-skips-object-values",
  bug: "list() silently drops filter entries whose value is an object, so a nested filter matches everything",
  catches: ["test_list_filter_nested_value_no_match"],
  create: () => new ListFilterSkipsObjectValues(),
} satisfies Mutant;
