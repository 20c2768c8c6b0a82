import type { CacheFullKey } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

/** "It is in memory anyway": the value itself is kept and handed out. */
class StoresValueReference extends ReferenceCache {
  private readonly values = new Map<string, unknown>();

  override async set(pairs: { key: CacheFullKey; value: unknown; ttl?: number }[]): Promise<void> {
    await super.set(pairs);
    for (const { key, value } of pairs) this.values.set(JSON.stringify(key), value);
  }

  override async get(keys: CacheFullKey[]) {
    const hits = await super.get(keys);
    return hits.map((hit) => ({ key: hit.key, value: this.values.get(JSON.stringify(hit.key)) }));
  }
}

export default {
  name: "stores-value-reference",
  bug: "the value set is kept as is and returned by get (no serialisation), so the caller's later changes reach the cache",
  catches: ["test_cache_values_not_aliased", "test_cache_values_go_through_serde"],
  create: () => new StoresValueReference(),
} satisfies CacheMutant;
