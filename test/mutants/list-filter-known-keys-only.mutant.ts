import { FilterRuleSaver } from "./filter-rule.js";
import type { Mutant } from "./types.js";

/** The keys of CheckpointMetadata's TypeScript type: a saver that sanitises the filter to them drops every custom key. */
const TYPED_KEYS = ["source", "step", "parents"];

export default {
  name: "list-filter-known-keys-only",
  bug: "list() keeps only the filter keys source, step and parents (the typed CheckpointMetadata keys) and silently drops custom ones, as langgraph-checkpoint-cloudflare-d1 0.2.0 does",
  catches: [
    "test_list_metadata_custom_keys",
    "test_flt_falsy_filter_values_filter",
    "test_flt_null_filter_value_is_not_absence",
    "test_flt_filter_values_are_type_strict",
    "test_flt_missing_key_never_matches",
    "test_flt_filter_keys_are_top_level_keys",
    "test_flt_query_syntax_in_values",
  ],
  create: () => new FilterRuleSaver((metadata, key, value) => !TYPED_KEYS.includes(key) || (key in metadata && metadata[key] === value)),
} satisfies Mutant;
