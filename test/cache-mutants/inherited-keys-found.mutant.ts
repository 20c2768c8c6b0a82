import type { CacheNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceCache, type StoredEntry } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

/** Keys kept in a plain object per namespace and looked up with `in`. */
class InheritedKeysFound extends ReferenceCache {
  private readonly objects = new Map<string, Record<string, StoredEntry>>();

  protected override async read(namespace: CacheNamespace, key: string): Promise<StoredEntry | undefined> {
    const entries = this.objects.get(this.namespaceId(namespace));
    return entries && key in entries ? entries[key] : undefined;
  }

  protected override async write(namespace: CacheNamespace, key: string, entry: StoredEntry): Promise<void> {
    const id = this.namespaceId(namespace);
    const entries = this.objects.get(id) ?? {};
    entries[key] = entry;
    this.objects.set(id, entries);
  }

  override async clear(namespaces: CacheNamespace[]): Promise<void> {
    if (namespaces.length === 0) this.objects.clear();
    for (const namespace of namespaces) this.objects.delete(this.namespaceId(namespace));
  }
}

export default {
  name: "inherited-keys-found",
  bug: 'each namespace keeps its keys in a plain object looked up with `in`, so a never-set key "toString" or "constructor" is found (an inherited function) and get() rejects',
  catches: ["test_cache_prototype_named_keys_absent"],
  create: () => new InheritedKeysFound(),
} satisfies CacheMutant;
