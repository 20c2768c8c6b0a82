import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, metadataOf, takeLimit } from "./list-rewrite.js";
import type { Mutant } from "./types.js";

/** Builds a JSON-path query per filter key (`$.a.b`), so a dotted key reads a nested field. */
class FilterKeysAsPaths extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    const filter = options.filter ?? {};
    const dotted = Object.entries(filter).filter(([key]) => key.includes("."));
    const plain = Object.fromEntries(Object.entries(filter).filter(([key]) => !key.includes(".")));
    const all = await collect(super.list(config, { ...options, filter: plain, limit: undefined }));
    const atPath = (tuple: CheckpointTuple, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], metadataOf(tuple));
    yield* takeLimit(all.filter((tuple) => dotted.every(([key, value]) => atPath(tuple, key) === value)), options.limit);
  }
}

export default {
  name: "val-filter-keys-as-paths",
  bug: "list() turns each filter key into a JSON path, so filter {\"a.b\": 1} reads metadata.a.b instead of the key \"a.b\"",
  catches: ["test_val_filter_keys_as_data"],
  create: () => new FilterKeysAsPaths(),
} satisfies Mutant;
