import type { CacheFullKey } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class MissesAsUndefinedEntries extends ReferenceCache {
  override async get(keys: CacheFullKey[]) {
    const hits = await super.get(keys);
    return keys.map((key) => hits.find((hit) => hit.key === key) ?? { key, value: undefined });
  }
}

export default {
  name: "misses-as-undefined-entries",
  bug: "get() returns one entry per requested key, { key, value: undefined } for a miss (the graph would replay an empty cached result)",
  catches: ["test_cache_get_absent_keys_left_out"],
  create: () => new MissesAsUndefinedEntries(),
} satisfies CacheMutant;
