import type { CacheFullKey } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class SetEmptyListRejects extends ReferenceCache {
  override async set(pairs: { key: CacheFullKey; value: unknown; ttl?: number }[]): Promise<void> {
    // Picks the batch's namespace from its first pair.
    const [batchNamespace] = pairs[0].key;
    if (batchNamespace === undefined) throw new Error("no namespace");
    return super.set(pairs);
  }
}

export default {
  name: "set-empty-list-rejects",
  bug: "set() reads pairs[0] to pick the batch's namespace, so set([]) rejects",
  catches: ["test_cache_get_empty_list"],
  create: () => new SetEmptyListRejects(),
} satisfies CacheMutant;
