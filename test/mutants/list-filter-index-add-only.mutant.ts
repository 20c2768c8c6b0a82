import {
  MemorySaver,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, takeLimit } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

const entryKey = (key: string, value: unknown) => JSON.stringify([key, value]);
const refKey = (tuple: CheckpointTuple) =>
  JSON.stringify([tuple.config.configurable?.thread_id, tuple.config.configurable?.checkpoint_ns ?? "", tuple.checkpoint.id]);

/**
 * A key-value backend with a hand-kept secondary index: one set of checkpoints
 * per metadata key and value (`SADD idx:<key>:<value> <checkpoint>`). put() only
 * adds to the sets, and list({ filter }) takes its candidates from them without
 * reading the metadata again, so after a re-put a filter on the old metadata
 * still finds the checkpoint.
 */
class FilterIndexAddOnly extends MemorySaver {
  private readonly index = new Map<string, Set<string>>();

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const returned = await super.put(config, checkpoint, metadata);
    const ref = JSON.stringify([returned.configurable?.thread_id, returned.configurable?.checkpoint_ns ?? "", checkpoint.id]);
    for (const [key, value] of Object.entries(metadata)) {
      const set = this.index.get(entryKey(key, value)) ?? new Set<string>();
      set.add(ref);
      this.index.set(entryKey(key, value), set);
    }
    return returned;
  }

  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const entries = Object.entries(options.filter ?? {});
    if (entries.length === 0) return yield* super.list(config, options);
    const all = await collect(super.list(config, { ...options, filter: undefined, limit: undefined }));
    const matches = all.filter((t) => entries.every(([key, value]) => this.index.get(entryKey(key, value))?.has(refKey(t)) ?? false));
    yield* takeLimit(matches, options.limit);
  }
}

export default {
  name: "list-filter-index-add-only",
  bug: "list({ filter }) answers from a secondary index (one set per metadata key and value) that put() only adds to, so a re-put checkpoint still matches its old metadata",
  catches: ["test_put_same_id_again_replaces_checkpoint_and_metadata"],
  create: () => new FilterIndexAddOnly(),
} satisfies Mutant;
