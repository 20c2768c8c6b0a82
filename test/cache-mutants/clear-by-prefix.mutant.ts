import type { CacheNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

/** Like Python's RedisCache (`KEYS prefix + ns + ":*"`): a namespace's children go with it. */
class ClearByPrefix extends ReferenceCache {
  override async clear(namespaces: CacheNamespace[]): Promise<void> {
    if (namespaces.length === 0) return super.clear([]);
    for (const id of [...this.namespaces.keys()]) {
      const labels = JSON.parse(id) as string[];
      if (namespaces.some((ns) => ns.every((label, i) => labels[i] === label))) this.namespaces.delete(id);
    }
  }
}

export default {
  name: "clear-by-prefix",
  bug: "clear([ns]) also removes every namespace below ns (prefix match, as Python's RedisCache does), not ns exactly",
  catches: ["test_cache_clear_namespace_exact"],
  create: () => new ClearByPrefix(),
} satisfies CacheMutant;
