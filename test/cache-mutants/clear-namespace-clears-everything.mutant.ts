import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class ClearNamespaceClearsEverything extends ReferenceCache {
  override async clear(): Promise<void> {
    this.namespaces.clear();
  }
}

export default {
  name: "clear-namespace-clears-everything",
  bug: "clear([ns]) ignores its argument and empties the whole cache",
  catches: ["test_cache_clear_nothing_there", "test_cache_clear_namespace_exact", "test_cache_clear_several_namespaces"],
  create: () => new ClearNamespaceClearsEverything(),
} satisfies CacheMutant;
