import type { CacheFullKey } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

/** An upsert that merges the new object into the old one (like jsonb `||`). */
class OverwriteMerges extends ReferenceCache {
  override async set(pairs: { key: CacheFullKey; value: unknown; ttl?: number }[]): Promise<void> {
    const old = await this.get(pairs.map((p) => p.key));
    const merged = pairs.map((pair) => {
      const previous = old.find((hit) => hit.key === pair.key)?.value;
      const mergeable = (v: unknown) => v !== null && typeof v === "object" && !Array.isArray(v);
      return mergeable(previous) && mergeable(pair.value)
        ? { ...pair, value: { ...(previous as object), ...(pair.value as object) } }
        : pair;
    });
    return super.set(merged);
  }
}

export default {
  name: "overwrite-merges",
  bug: "setting a key that holds an object merges the new object into it (an upsert with jsonb ||) instead of replacing it",
  catches: ["test_cache_overwrite_replaces_value"],
  create: () => new OverwriteMerges(),
} satisfies CacheMutant;
