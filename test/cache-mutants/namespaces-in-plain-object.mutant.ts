import type { CacheNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceCache, type StoredEntry } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

/** InMemoryCache's layout: `cache[labels joined][key]`, plain objects, `in` lookups. */
class NamespacesInPlainObject extends ReferenceCache {
  private cache: Record<string, Record<string, StoredEntry>> = {};

  protected override async read(namespace: CacheNamespace, key: string): Promise<StoredEntry | undefined> {
    const id = namespace.join("/");
    return id in this.cache && key in this.cache[id] ? this.cache[id][key] : undefined;
  }

  protected override async write(namespace: CacheNamespace, key: string, entry: StoredEntry): Promise<void> {
    const id = namespace.join("/");
    this.cache[id] ??= {};
    this.cache[id][key] = entry;
  }

  override async clear(namespaces: CacheNamespace[]): Promise<void> {
    if (namespaces.length === 0) this.cache = {};
    for (const namespace of namespaces) delete this.cache[namespace.join("/")];
  }
}

export default {
  name: "namespaces-in-plain-object",
  bug: 'namespaces are keys of a plain object, so set() under ["__proto__"] writes onto Object.prototype and under ["constructor"] onto Object (shared by the whole process)',
  catches: ["test_cache_prototype_named_keys_absent", "test_cache_prototype_named_keys_roundtrip"],
  create: () => new NamespacesInPlainObject(),
} satisfies CacheMutant;
