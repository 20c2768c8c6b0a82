import type { CacheNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceCache, type StoredEntry } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

/**
 * One flat key space, `<label>:<label>:...:<key>` (a Redis key): the namespace
 * and the key are joined with ":" unescaped, so (["a"], "b:c") and (["a", "b"], "c")
 * are the same entry. Namespaces themselves stay apart by their JSON for clear().
 */
class FullKeyJoinedWithColon extends ReferenceCache {
  private readonly flat = new Map<string, StoredEntry>();

  protected override async read(namespace: CacheNamespace, key: string): Promise<StoredEntry | undefined> {
    return (await super.read(namespace, key)) && this.flat.get([...namespace, key].join(":"));
  }

  protected override async write(namespace: CacheNamespace, key: string, entry: StoredEntry): Promise<void> {
    await super.write(namespace, key, entry);
    this.flat.set([...namespace, key].join(":"), entry);
  }
}

export default {
  name: "full-key-joined-with-colon",
  bug: 'entries are stored under their namespace labels and key joined with ":" (a Redis key) unescaped, so (["a"], "b:c") and (["a", "b"], "c") overwrite each other',
  catches: ["test_cache_namespace_labels_with_separators"],
  create: () => new FullKeyJoinedWithColon(),
} satisfies CacheMutant;
