import type { BaseStore } from "@langchain/langgraph-checkpoint";

/** An embedder as the stores take it: a LangChain `Embeddings`-like object, or a function of texts. @public */
export type StoreEmbedder =
  | { embedDocuments(texts: string[]): Promise<number[][]>; embedQuery(text: string): Promise<number[]> }
  | ((texts: string[]) => Promise<number[][]>);

/**
 * How to put an item with a TTL on this backend: the JS `BaseStore` API has no
 * TTL (catalog §A.7), so each backend adds it its own way.
 * @public
 */
export interface StoreTtlOptions {
  /** The unit `put`'s `ttl` is in (PostgresStore, Redis: minutes; MongoDB: seconds). */
  readonly unit: "minutes" | "seconds";
  /** Puts one item that expires `ttl` units from now, e.g. `(s, ns, k, v, ttl) => s.put(ns, k, v, undefined, { ttl })`. */
  put(store: BaseStore, namespace: string[], key: string, value: Record<string, unknown>, ttl: number): Promise<void>;
}

/** The index the factory's stores are built with (the same `dims`, embedder and `fields`). @public */
export interface StoreIndexOptions {
  readonly dims: number;
  readonly embed: StoreEmbedder;
  /** The fields embedded by default; `["$"]` (the whole value) when absent. */
  readonly fields?: readonly string[];
}

/** A store registration's options for the extended capabilities; without them they are not run. @public */
export interface StoreKindOptions {
  readonly ttl?: StoreTtlOptions;
  readonly index?: StoreIndexOptions;
}
