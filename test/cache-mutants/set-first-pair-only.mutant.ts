import type { CacheFullKey } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class SetFirstPairOnly extends ReferenceCache {
  override async set(pairs: { key: CacheFullKey; value: unknown; ttl?: number }[]): Promise<void> {
    return super.set(pairs.slice(0, 1));
  }
}

export default {
  name: "set-first-pair-only",
  bug: "set(pairs) stores only the first pair (the graph sets one at a time, so it went unnoticed)",
  catches: ["test_cache_get_many_keys", "test_cache_namespaces_isolate_keys"],
  create: () => new SetFirstPairOnly(),
} satisfies CacheMutant;
