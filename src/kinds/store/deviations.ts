import type { KnownDeviation } from "../../registration.js";

/**
 * InMemoryStore (@langchain/langgraph-checkpoint 1.2.2): measured by
 * test/kinds/store/in-memory-store.test.ts. Advisory tests it fails (ST-07 aliasing,
 * ST-19 ghost namespaces) are not deviations: they never fail a run.
 */
export const IN_MEMORY_STORE_DEVIATIONS: readonly KnownDeviation[] = [
  {
    tests: ["test_store_batch_puts_of_lookalike_paths_are_distinct"],
    reason:
      'InMemoryStore.batch de-duplicates puts by `namespace.join(":") + ":" + key`, so in one batch the put of key "b:c" under [a] and the put of key "c" under [a, b] share the map key "a:b:c" and the first is silently dropped (get returns null). Keys may contain ":" (only labels may not).',
  },
  {
    tests: ["test_store_vector_delete_removes_vectors"],
    reason:
      "InMemoryStore never removes an item's vectors on delete (putOperation deletes from `data` only): after delete and a put with index false, a query still scores the item by its old vector (score 1.0 for its old text).",
  },
];

/**
 * PostgresStore (@langchain/langgraph-checkpoint-postgres 1.0.5, `./store`):
 * measured on embedded PostgreSQL 18 by test/kinds/store/postgres-store.test.ts.
 */
export const POSTGRES_STORE_DEVIATIONS: readonly KnownDeviation[] = [
  {
    tests: ["test_store_colon_label_is_not_two_labels"],
    reason:
      'PostgresStore stores a namespace as its labels joined with ":" and accepts ":" in a label, so ["a:b"] and ["a","b"] are one namespace: get(["a:b"], k) returns the item put under ["a","b"].',
  },
  {
    tests: ["test_store_accepts_underscore_labels"],
    reason:
      'PostgresStore rejects every label containing "_", "%" or "\\" (its guard against LIKE wildcards, langgraphjs#2512), so common labels such as "user_123" throw "Namespace labels cannot contain SQL LIKE wildcards".',
  },
  {
    tests: ["test_store_search_prefix_matches_whole_labels"],
    reason:
      'PostgresStore.search matches the prefix with `namespace_path LIKE \'<prefix>%\'` on the ":"-joined path, so search([tenant, "acme"]) also returns the items of [tenant, "acme-corp"] and [tenant, "acmex", ...]: a cross-tenant leak (langgraphjs#2721, the JS form of CVE-2026-71433).',
  },
  {
    tests: ["test_store_search_empty_prefix_means_everything"],
    reason:
      'PostgresStore.search([]) throws "Namespace cannot be empty." instead of searching the whole store (its own validateNamespace runs on the search prefix).',
  },
  {
    tests: ["test_store_search_filter_is_type_strict"],
    reason:
      'PostgresStore compares a filter value as text (`value ->> key = String(v)`), so {s: 1} also matches the string "1", {b: "true"} matches the boolean true, and {n: 0} matches "0".',
  },
  {
    tests: ["test_store_list_namespaces_prefix_by_segment"],
    reason: 'PostgresStore.listNamespaces matches the prefix with `LIKE \'<prefix>%\'`, so prefix [..., "foo"] also lists [..., "foobar"].',
  },
  {
    tests: ["test_store_list_namespaces_suffix_by_segment"],
    reason:
      'PostgresStore.listNamespaces matches the suffix with `LIKE \'%<suffix>\'`, so suffix ["alice"] also lists namespaces ending in the label "malice".',
  },
  {
    tests: ["test_store_list_namespaces_wildcard_matches_one_label"],
    reason: 'PostgresStore.listNamespaces has no "*" wildcard: the "*" is matched literally, so prefix [root, "*", "x"] lists nothing.',
  },
  {
    tests: ["test_store_list_namespaces_max_depth_truncates", "test_store_list_namespaces_pages_after_truncation"],
    reason:
      "PostgresStore.listNamespaces filters out namespaces deeper than maxDepth (`ns.length <= maxDepth`, after the SQL LIMIT) instead of truncating them, so [root, a, b, c] is dropped rather than listed as [root, a, b], and paging a truncated list returns nothing.",
  },
  {
    // Found by the store model (no spec test puts a NUL): the model's "rejects-nul-in-values" behaviour.
    tests: ["rejects-nul-in-values"],
    reason:
      'PostgresStore stores values as jsonb, which cannot hold a NUL character: put(ns, k, {s: "a\\u0000b"}) rejects with "unsupported Unicode escape sequence" (InMemoryStore keeps it).',
  },
  {
    tests: ["test_store_ttl_expired_namespace_not_listed"],
    reason:
      "PostgresStore.listNamespaces does not check expires_at, so a namespace whose only items have expired is still listed (get and search do filter them out).",
  },
];
