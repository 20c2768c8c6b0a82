import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";

/** The arguments of one list() call. */
export interface ListQuery {
  config: RunnableConfig;
  options: CheckpointListOptions | undefined;
}

/** What a faulty list() asks MemorySaver's list() instead of the caller's query (it may look at the stored threads). */
export type ListQueryRewrite = (query: ListQuery, storage: MemorySaver["storage"]) => ListQuery;

/**
 * MemorySaver whose list() answers a rewritten query: the shape of every
 * mutant that reads one part of the config or options wrongly.
 */
export class RewritingListSaver extends MemorySaver {
  constructor(private readonly rewrite: ListQueryRewrite) {
    super();
  }

  override list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const query = this.rewrite({ config, options }, this.storage);
    return super.list(query.config, query.options);
  }
}
