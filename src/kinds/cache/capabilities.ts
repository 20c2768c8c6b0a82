/**
 * The cache's capability table (catalog ../../../shared/store-cache-catalog.md §B),
 * the same fields as src/capabilities.ts. Loads without @langchain/langgraph-checkpoint.
 * @public
 */
export const CACHE_CAPABILITIES = [
  { id: "get_set", method: "get", kind: "base", signature: "set(pairs: { key, value, ttl? }[]): Promise<void>; get(keys): Promise<{ key, value }[]>", summary: "store values and read them back" },
  { id: "namespaces", method: "get", kind: "base", signature: "get([[namespace, key]]): the namespace is part of the key", summary: "namespaces isolate keys" },
  { id: "clear", method: "clear", kind: "base", signature: "clear(namespaces: string[][]): Promise<void>", summary: "clear namespaces, or everything with []" },
  { id: "serde", method: "set", kind: "base", signature: "set/get through the cache's serde", summary: "values keep their type through the serde" },
  { id: "ttl", method: "set", kind: "extended", signature: "set([{ key, value, ttl: seconds }])", summary: "entries expire after their TTL" },
] as const;

/** @public */
export type CacheCapability = (typeof CACHE_CAPABILITIES)[number]["id"];
