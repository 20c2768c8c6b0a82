/**
 * The store's capability table (catalog ../../../shared/store-cache-catalog.md §A),
 * the same fields as src/capabilities.ts. Loads without @langchain/langgraph-checkpoint.
 * @public
 */
export const STORE_CAPABILITIES = [
  { id: "put_get", method: "get", kind: "base", signature: "put(namespace, key, value, index?): Promise<void>; get(namespace, key): Promise<Item | null>", summary: "store an item and read it back" },
  { id: "namespaces", method: "put", kind: "base", signature: "put(namespace, ...): throws InvalidNamespaceError on a bad namespace", summary: "namespace rules and isolation" },
  { id: "delete", method: "delete", kind: "base", signature: "delete(namespace, key): Promise<void>", summary: "delete an item" },
  { id: "search", method: "search", kind: "base", signature: "search(namespacePrefix, { filter, limit, offset, query }?): Promise<SearchItem[]>", summary: "list items under a prefix, filtered and paged" },
  { id: "list_namespaces", method: "listNamespaces", kind: "base", signature: "listNamespaces({ prefix, suffix, maxDepth, limit, offset }?): Promise<string[][]>", summary: "list the namespaces that hold items" },
  { id: "batch", method: "batch", kind: "base", signature: "batch(operations): Promise<OperationResults>", summary: "run get, put, search and list operations in one call, results in order" },
  { id: "ttl", method: "put", kind: "extended", signature: "a put with a TTL (declared with storeTest's ttl option)", summary: "items expire after their TTL" },
  { id: "vector_search", method: "search", kind: "extended", signature: "search(namespacePrefix, { query }) with an index (declared with storeTest's index option)", summary: "semantic search ranked by similarity" },
] as const;

/** @public */
export type StoreCapability = (typeof STORE_CAPABILITIES)[number]["id"];
