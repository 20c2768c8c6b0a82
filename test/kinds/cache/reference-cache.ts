import { BaseCache, type CacheFullKey, type CacheNamespace } from "@langchain/langgraph-checkpoint";

/** One stored entry: what the serde returned, and when it expires (ms since the epoch). */
export interface StoredEntry {
  type: string;
  data: Uint8Array | string;
  expiresAt?: number;
}

/**
 * A correct cache, written from the contract (docs/caches.md): namespaces kept
 * apart by their JSON (no separator to collide on), Maps (no inherited names),
 * values through the serde with their type, TTL in seconds, exact-namespace
 * clear and clear-all on []. The cache mutants each change one hook.
 */
export class ReferenceCache<V = unknown> extends BaseCache<V> {
  protected readonly namespaces = new Map<string, Map<string, StoredEntry>>();

  protected namespaceId(namespace: CacheNamespace): string {
    return JSON.stringify(namespace);
  }

  protected expiresAt(ttl: number | undefined, now: number): number | undefined {
    return ttl == null ? undefined : now + ttl * 1000;
  }

  protected async encode(value: V): Promise<StoredEntry> {
    const [type, data] = await this.serde.dumpsTyped(value);
    return { type, data };
  }

  protected decode(entry: StoredEntry): Promise<V> {
    return this.serde.loadsTyped(entry.type, entry.data) as Promise<V>;
  }

  protected async read(namespace: CacheNamespace, key: string): Promise<StoredEntry | undefined> {
    return this.namespaces.get(this.namespaceId(namespace))?.get(key);
  }

  protected async write(namespace: CacheNamespace, key: string, entry: StoredEntry): Promise<void> {
    const id = this.namespaceId(namespace);
    let entries = this.namespaces.get(id);
    if (!entries) this.namespaces.set(id, (entries = new Map()));
    entries.set(key, entry);
  }

  async get(keys: CacheFullKey[]): Promise<{ key: CacheFullKey; value: V }[]> {
    const now = Date.now();
    const hits: { key: CacheFullKey; value: V }[] = [];
    for (const fullKey of keys) {
      const [namespace, key] = fullKey;
      const entry = await this.read(namespace, key);
      if (!entry) continue;
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) {
        this.namespaces.get(this.namespaceId(namespace))?.delete(key);
        continue;
      }
      hits.push({ key: fullKey, value: await this.decode(entry) });
    }
    return hits;
  }

  async set(pairs: { key: CacheFullKey; value: V; ttl?: number }[]): Promise<void> {
    const now = Date.now();
    for (const {
      key: [namespace, key],
      value,
      ttl,
    } of pairs) {
      const entry = await this.encode(value);
      await this.write(namespace, key, { ...entry, expiresAt: this.expiresAt(ttl, now) });
    }
  }

  async clear(namespaces: CacheNamespace[]): Promise<void> {
    if (namespaces.length === 0) {
      this.namespaces.clear();
      return;
    }
    for (const namespace of namespaces) this.namespaces.delete(this.namespaceId(namespace));
  }
}
