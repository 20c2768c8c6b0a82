/**
 * The store capability table. The `StoreCapability` type, detection, report
 * sections and docs derive from it. Loads without @langchain/langgraph-checkpoint.
 * @public
 */
export const STORE_CAPABILITIES = [
  {
    id: "put_get",
    method: "put",
    kind: "base",
    signature: "put(namespace, key, value, index?): Promise<void>; get(namespace, key): Promise<Item | null>",
    summary: "store an item and read it back whole, isolated by namespace",
  },
  {
    id: "namespaces",
    method: "put",
    kind: "base",
    signature: "put(namespace, key, value): Promise<void> (namespace validation)",
    summary: "reject invalid namespaces (empty, '.', empty label, non-string, 'langgraph' root)",
  },
  {
    id: "delete",
    method: "delete",
    kind: "base",
    signature: "delete(namespace, key): Promise<void>",
    summary: "delete an item; deleting an absent key is a no-op",
  },
  {
    id: "search",
    method: "search",
    kind: "base",
    signature: "search(namespacePrefix, { filter, limit, offset, query }?): Promise<SearchItem[]>",
    summary: "items under a prefix (by whole labels), filtered, paged after filtering",
  },
  {
    id: "list_namespaces",
    method: "listNamespaces",
    kind: "base",
    signature: "listNamespaces({ prefix, suffix, maxDepth, limit, offset }?): Promise<string[][]>",
    summary: "distinct namespaces, matched by segment, truncated to maxDepth",
  },
  {
    id: "batch",
    method: "batch",
    kind: "base",
    signature: "batch(operations): Promise<results>",
    summary: "one result per op in order, last put wins, agrees with the convenience methods",
  },
  {
    id: "ttl",
    method: "put",
    kind: "extended",
    signature: "options.ttl.put(store, namespace, key, value, ttl) (the backend's own TTL put)",
    summary: "expired items are not read or listed (declare how to put with a TTL in the options)",
  },
  {
    id: "vector_search",
    method: "search",
    kind: "extended",
    signature: "search(namespacePrefix, { query }) on a store built with an index",
    summary: "query results ranked by similarity, re-embedded on update (declare the index in the options)",
  },
] as const;

/** A store capability id, e.g. `"search"` or `"vector_search"` (a row: `capabilityInfoIn(KIND_DESCRIPTORS.store, id)`). @public */
export type StoreCapability = (typeof STORE_CAPABILITIES)[number]["id"];
