/**
 * The cache kind's capability table (`BaseCache` from
 * `@langchain/langgraph-checkpoint`). Everything else about cache capabilities
 * (the `CacheCapability` type, detection, report sections) derives from it.
 * Clause ids (CA-nn) are in docs/caches.md.
 * @public
 */
export const CACHE_CAPABILITIES = [
  {
    id: "get_set",
    method: "get",
    kind: "base",
    signature:
      "get(keys: [namespace: string[], key: string][]): Promise<{ key, value }[]>; set(pairs: { key, value, ttl? }[]): Promise<void>",
    summary: "store values under full keys and read back the hits, leaving misses out",
  },
  {
    id: "namespaces",
    method: "get",
    kind: "base",
    signature: "get([[namespace, key]]) / set([{ key: [namespace, key], value }])",
    summary: "namespaces isolate keys, whatever their labels hold (`,` `.` `:` and Object.prototype names)",
  },
  {
    id: "clear",
    method: "clear",
    kind: "base",
    signature: "clear(namespaces: string[][]): Promise<void>",
    summary: "clear exactly the namespaces given, or everything for [] (graph.clearCache())",
  },
  {
    id: "serde",
    method: "serde",
    kind: "base",
    signature: "serde: SerializerProtocol (dumpsTyped / loadsTyped)",
    summary: "values go through the cache's serializer, with the type it returns",
  },
  {
    id: "ttl",
    method: "set",
    kind: "extended",
    signature: "set([{ key, value, ttl: seconds }])",
    summary: "an entry set with a ttl (in seconds) expires; one without a ttl does not",
  },
] as const;

/** A cache capability id, e.g. `"get_set"` or `"ttl"` (a row: `capabilityInfoIn(KIND_DESCRIPTORS.cache, id)`). @public */
export type CacheCapability = (typeof CACHE_CAPABILITIES)[number]["id"];
