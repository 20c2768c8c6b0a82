import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, metadataOf } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/** Fetches a page of `limit` rows, then filters metadata in code: the page can come back short. */
class ListLimitBeforeFilter extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const page = await collect(super.list(config, { ...options, filter: undefined }));
    const filter = Object.entries(options.filter ?? {});
    yield* page.filter((t) => filter.every(([key, value]) => metadataOf(t)[key] === value));
  }
}

export default {
  name: "list-limit-before-filter",
  bug: "list() applies limit to the rows before filtering metadata in code, so a filtered page comes back short",
  catches: ["test_list_combinations", "test_list_without_thread_id_lists_every_thread"],
  create: () => new ListLimitBeforeFilter(),
} satisfies Mutant;
