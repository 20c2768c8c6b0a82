import type { CacheNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class ClearFirstNamespaceOnly extends ReferenceCache {
  override async clear(namespaces: CacheNamespace[]): Promise<void> {
    return super.clear(namespaces.slice(0, 1));
  }
}

export default {
  name: "clear-first-namespace-only",
  bug: "clear([a, b]) clears a only (the first namespace of the list)",
  catches: ["test_cache_clear_several_namespaces"],
  create: () => new ClearFirstNamespaceOnly(),
} satisfies CacheMutant;
