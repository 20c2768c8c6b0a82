import type { CacheNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceCache, type StoredEntry } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

/** Each namespace is one stored document, read, changed and written back (an await in between, like a remote store). */
class NamespaceLostUpdate extends ReferenceCache {
  protected override async write(namespace: CacheNamespace, key: string, entry: StoredEntry): Promise<void> {
    const id = this.namespaceId(namespace);
    const copy = new Map(this.namespaces.get(id) ?? []);
    await new Promise<void>((resolve) => setImmediate(resolve));
    copy.set(key, entry);
    this.namespaces.set(id, copy);
  }
}

export default {
  name: "namespace-lost-update",
  bug: "a namespace is one document read, changed and written back, so concurrent sets into it overwrite each other's keys",
  catches: ["test_cache_concurrent_set_get"],
  create: () => new NamespaceLostUpdate(),
} satisfies CacheMutant;
