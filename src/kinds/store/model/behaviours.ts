import type { KnownDeviation } from "../../../registration.js";

/**
 * Store behaviours a registration may declare: the model then follows the
 * behaviour and counts how often it changed an answer, instead of failing.
 * `how` says how it follows: `answer` — a read whose answer breaks the strict
 * contract is checked again under the behaviour; `input` — a probe on the
 * run's first store confirms it and the sequences leave such inputs out;
 * `rejects` — the call may reject (a read goes on; after a rejected batch the
 * sequence stops, its state unknown); `batch` — the batch writes follow it.
 */
export const STORE_MODEL_BEHAVIOURS = {
  "batch-dedupes-by-joined-key": {
    how: "batch",
    tests: ["test_store_batch_puts_of_lookalike_paths_are_distinct"],
    description:
      'batch() de-duplicates puts by namespace.join(":") + ":" + key, so key "b:c" under [a] and key "c" under [a, b] collide and the first is dropped (InMemoryStore)',
  },
  "rejects-like-wildcard-labels": {
    how: "input",
    tests: ["test_store_accepts_underscore_labels"],
    description: 'put() rejects a label containing "_" (PostgresStore): the sequences use no such label',
  },
  "rejects-nul-in-values": {
    how: "input",
    tests: [],
    description:
      "put() rejects a value holding a NUL character (\\u0000) in a string (PostgreSQL's jsonb cannot store it): the sequences use no such value",
  },
  "search-prefix-matches-joined-path": {
    how: "answer",
    tests: ["test_store_search_prefix_matches_whole_labels"],
    description:
      'search() matches the prefix as text on the ":"-joined path, so ["acme"] also finds the items of ["acme-corp"] (PostgresStore)',
  },
  "search-empty-prefix-rejects": {
    how: "rejects",
    tests: ["test_store_search_empty_prefix_means_everything"],
    description: "search([]) rejects instead of searching the whole store (PostgresStore)",
  },
  "filter-compares-as-text": {
    how: "answer",
    tests: ["test_store_search_filter_is_type_strict"],
    description: 'a filter compares a field\'s value as text, so {s: 1} also matches "1" (PostgresStore)',
  },
  "list-matches-joined-path": {
    how: "answer",
    tests: [
      "test_store_list_namespaces_prefix_by_segment",
      "test_store_list_namespaces_suffix_by_segment",
      "test_store_list_namespaces_wildcard_matches_one_label",
    ],
    description: 'listNamespaces() matches prefix and suffix as text on the ":"-joined path, "*" literally (PostgresStore)',
  },
  "list-max-depth-filters": {
    how: "answer",
    tests: ["test_store_list_namespaces_max_depth_truncates"],
    description: "listNamespaces() drops namespaces deeper than maxDepth (after its limit) instead of truncating them (PostgresStore)",
  },
} as const satisfies Record<string, { how: "batch" | "input" | "answer" | "rejects"; tests: readonly string[]; description: string }>;

/** @public */
export type StoreModelBehaviour = keyof typeof STORE_MODEL_BEHAVIOURS;

export const STORE_MODEL_BEHAVIOUR_IDS = Object.keys(STORE_MODEL_BEHAVIOURS) as StoreModelBehaviour[];

/**
 * Declared behaviours and why: from the options, or from a known deviation
 * naming the behaviour itself or one of its spec tests in its `tests`.
 */
export function declaredStoreBehaviours(
  ignore: readonly StoreModelBehaviour[],
  deviations: readonly KnownDeviation[],
): Map<StoreModelBehaviour, string> {
  const declared = new Map<StoreModelBehaviour, string>(ignore.map((b) => [b, "declared in the model options"]));
  for (const behaviour of STORE_MODEL_BEHAVIOUR_IDS) {
    const names: readonly string[] = [behaviour, ...STORE_MODEL_BEHAVIOURS[behaviour].tests];
    const deviation = deviations.find((d) => d.tests?.some((t) => names.includes(t)));
    if (deviation && !declared.has(behaviour)) declared.set(behaviour, deviation.reason);
  }
  return declared;
}
