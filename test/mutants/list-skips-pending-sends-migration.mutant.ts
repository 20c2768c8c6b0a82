import { MemorySaver, TASKS, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Migrates legacy (v < 4) pending sends in getTuple but not in list. */
class ListSkipsPendingSendsMigration extends MemorySaver {
  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    for await (const tuple of super.list(config, options)) {
      if (tuple.checkpoint.v >= 4) {
        yield tuple;
        continue;
      }
      const { [TASKS]: _values, ...channelValues } = tuple.checkpoint.channel_values;
      const { [TASKS]: _version, ...channelVersions } = tuple.checkpoint.channel_versions;
      yield { ...tuple, checkpoint: { ...tuple.checkpoint, channel_values: channelValues, channel_versions: channelVersions } };
    }
  }
}

export default {
  name: "list-skips-pending-sends-migration",
  bug: "list() does not migrate legacy (v < 4) pending sends into channel_values.__pregel_tasks; only getTuple does",
  catches: ["test_list_migrates_pending_sends"],
  create: () => new ListSkipsPendingSendsMigration(),
} satisfies Mutant;
