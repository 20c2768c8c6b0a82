import { MemorySaver, type CheckpointListOptions } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { GraphMutant } from "./types.js";

/** The metadata filter compares the stored text form (`metadata->>'step' = $1`) with the given value as is. */
class FilterComparesText extends MemorySaver {
  override async *list(config: RunnableConfig, options?: CheckpointListOptions) {
    const { filter, limit, ...rest } = options ?? {};
    let left = limit;
    for await (const tuple of super.list(config, rest)) {
      const metadata = (tuple.metadata ?? {}) as Record<string, unknown>;
      if (filter && !Object.entries(filter).every(([k, v]) => String(metadata[k]) === v)) continue;
      if (left !== undefined && left-- <= 0) return;
      yield tuple;
    }
  }
}

export default {
  name: "filter-compares-text",
  bug: "list()'s metadata filter compares the stored value's text form with the filter value, so numeric filters such as {step: 2} never match",
  catches: ["G19"],
  create: () => new FilterComparesText(),
} satisfies GraphMutant;
