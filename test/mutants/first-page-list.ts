import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";

/**
 * MemorySaver whose list() reads its backend in pages and never fetches the
 * page after the first: `fits(tuple, soFar)` says whether the tuple still
 * fits on the first page. The shape of every "first page only" mutant.
 */
export class FirstPageListSaver extends MemorySaver {
  constructor(private readonly fits: (tuple: CheckpointTuple, yielded: readonly CheckpointTuple[]) => boolean) {
    super();
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const yielded: CheckpointTuple[] = [];
    for await (const tuple of super.list(config, options)) {
      if (!this.fits(tuple, yielded)) return;
      yielded.push(tuple);
      yield tuple;
    }
  }
}
