import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Pages through the live, newest-first id list by offset, one checkpoint per page. */
class LiveOffsetList extends MemorySaver {
  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const threadId = config.configurable?.thread_id;
    if (threadId === undefined || options?.filter || options?.before || options?.limit !== undefined) {
      yield* super.list(config, options);
      return;
    }
    for (let offset = 0; ; offset++) {
      const page: [string, string][] = [];
      for (const [ns, checkpoints] of Object.entries(this.storage[threadId] ?? {})) {
        if (config.configurable?.checkpoint_ns !== undefined && ns !== config.configurable.checkpoint_ns) continue;
        for (const id of Object.keys(checkpoints)) page.push([ns, id]);
      }
      page.sort((a, b) => (a[1] < b[1] ? 1 : -1));
      const entry = page[offset];
      if (!entry) return;
      const tuple = await this.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: entry[0], checkpoint_id: entry[1] } });
      if (tuple) yield tuple;
    }
  }
}

export default {
  name: "conc-list-live-offset",
  bug: "list() pages by offset over live data, so a put during the iteration shifts the pages and a checkpoint is yielded twice",
  catches: ["test_conc_list_while_put"],
  create: () => new LiveOffsetList(),
} satisfies Mutant;
