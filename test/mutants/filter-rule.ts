import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, metadataOf, takeLimit } from "./list-rewrite.js";

/** Whether one filter entry `key: value` matches a checkpoint's metadata. The correct rule is `key in metadata && metadata[key] === value`. */
export type FilterEntryRule = (metadata: Record<string, unknown>, key: string, value: unknown) => boolean;

/** MemorySaver whose list() applies the metadata filter entry by entry with its own (wrong) rule, then the limit. */
export class FilterRuleSaver extends MemorySaver {
  constructor(private readonly rule: FilterEntryRule) {
    super();
  }

  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const all = await collect(super.list(config, { ...options, filter: undefined, limit: undefined }));
    const entries = Object.entries(options.filter ?? {});
    yield* takeLimit(
      all.filter((t) => entries.every(([key, value]) => this.rule(metadataOf(t), key, value))),
      options.limit,
    );
  }
}
