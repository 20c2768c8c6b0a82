import type { CacheNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class ClearMissingNamespaceRejects extends ReferenceCache {
  override async clear(namespaces: CacheNamespace[]): Promise<void> {
    for (const namespace of namespaces) {
      if (!this.namespaces.has(this.namespaceId(namespace))) throw new Error(`no such namespace: ${namespace.join("/")}`);
    }
    return super.clear(namespaces);
  }
}

export default {
  name: "clear-missing-namespace-rejects",
  bug: "clear() rejects when a namespace holds nothing, where it should do nothing",
  catches: ["test_cache_clear_nothing_there"],
  create: () => new ClearMissingNamespaceRejects(),
} satisfies CacheMutant;
