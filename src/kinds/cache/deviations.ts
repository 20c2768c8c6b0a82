import type { KnownDeviation } from "../../registration.js";

/**
 * InMemoryCache's (`@langchain/langgraph-checkpoint` 1.2.2) known deviations,
 * measured (test/kinds/cache/cache-spec.test.ts; docs/deviations.md, "Caches").
 * It keeps entries in plain objects: `cache[namespace.join(",")][key]`, looked up with `in`.
 * @public
 */
export const IN_MEMORY_CACHE_DEVIATIONS: readonly KnownDeviation[] = [
  {
    tests: ["test_cache_namespace_labels_with_separators"],
    reason:
      'InMemoryCache 1.2.2 joins namespace labels with "," (namespace.join(",")), so ["x,y"] and ["x", "y"] are one namespace: the second set overwrites the first',
  },
  {
    tests: ["test_cache_prototype_named_keys_absent"],
    reason:
      'InMemoryCache 1.2.2 looks keys up with `in` on plain objects, so a never-set key named like an Object.prototype member ("constructor", "toString", "__proto__") is found and get() rejects "Unknown serialization type: undefined"',
  },
  {
    tests: ["test_cache_prototype_named_keys_roundtrip"],
    reason:
      'InMemoryCache 1.2.2 keeps namespaces in a plain object, so set() under the namespace ["__proto__"] writes the entry onto Object.prototype, and under ["constructor"] or ["toString"] onto Object or Object.prototype.toString: every InMemoryCache in the process sees it, and clear() cannot remove it',
  },
];
