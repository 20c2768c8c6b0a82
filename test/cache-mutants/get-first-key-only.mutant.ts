import type { CacheFullKey } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class GetFirstKeyOnly extends ReferenceCache {
  override async get(keys: CacheFullKey[]) {
    return super.get(keys.slice(0, 1));
  }
}

export default {
  name: "get-first-key-only",
  bug: "get(keys) looks up only the first key (a single-key lookup behind a list API)",
  catches: ["test_cache_get_many_keys"],
  create: () => new GetFirstKeyOnly(),
} satisfies CacheMutant;
