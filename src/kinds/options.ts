/**
 * The kind-specific options of `storeTest()` and `cacheTest()`: what a store
 * or cache declares about itself that detection cannot see (whether it
 * expires items, how it embeds them). Spec tests read them from their context.
 */
import type { BaseStore } from "@langchain/langgraph-checkpoint";

/** How the store expires items (catalog A.7). Absent: the `ttl` capability is not declared. @public */
export interface StoreTtlOptions {
  /**
   * Puts an item that expires after `minutes`, through the store's own API (TTL
   * is not in the JS base contract). Default: `store.put(namespace, key, value, undefined, { ttl: minutes })`,
   * PostgresStore's shape.
   */
  put?(store: BaseStore, namespace: string[], key: string, value: Record<string, unknown>, minutes: number): Promise<void>;
  /** Whether a read refreshes an item's TTL (the store's `refreshOnRead`). Default false. */
  refreshOnRead?: boolean;
}

/** The index the factory's store was made with (catalog A.8). Absent: the `vector_search` capability is not declared. @public */
export interface StoreIndexOptions {
  dims: number;
  /** The same embedder the store uses, so a test can tell which item must rank first. */
  embed(texts: string[]): Promise<number[][]>;
  /** The indexed paths; default `["$"]`, the whole value. */
  fields?: string[];
}

/** @public */
export interface StoreKindOptions {
  ttl?: StoreTtlOptions;
  index?: StoreIndexOptions;
}

/** @public */
export interface CacheKindOptions {
  /** `false` for a cache that ignores `ttl` on `set()`: the `ttl` capability is then not implemented. Default true. */
  ttl?: boolean;
}
