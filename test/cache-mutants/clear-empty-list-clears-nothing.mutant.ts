import type { CacheNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class ClearEmptyListClearsNothing extends ReferenceCache {
  override async clear(namespaces: CacheNamespace[]): Promise<void> {
    for (const namespace of namespaces) this.namespaces.delete(this.namespaceId(namespace));
  }
}

export default {
  name: "clear-empty-list-clears-nothing",
  bug: "clear([]) loops over no namespaces (Python's clear([]) semantics), so graph.clearCache() clears nothing",
  catches: ["test_cache_clear_all"],
  create: () => new ClearEmptyListClearsNothing(),
} satisfies CacheMutant;
