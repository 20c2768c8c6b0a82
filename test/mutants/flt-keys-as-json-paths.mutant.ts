import { FilterRuleSaver } from "./filter-rule.js";
import type { Mutant } from "./types.js";

/** The value at JSON path `$.<key>` (dots and `[n]` step into nested values), as `json_extract(metadata, '$.' || key)` reads it. */
function atPath(metadata: Record<string, unknown>, key: string): unknown {
  let value: unknown = metadata;
  for (const step of key.split(/\.|\[(\d+)\]/).filter((s) => s !== undefined && s !== "")) {
    value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[step] : undefined;
  }
  return value;
}

export default {
  name: "flt-keys-as-json-paths",
  bug: 'list() reads each filter key as the JSON path "$.<key>" (as SqliteSaver 1.0.4 does): filter {"a.b": 1} reads metadata.a.b instead of the key "a.b"',
  catches: ["test_flt_filter_keys_are_top_level_keys"],
  create: () => new FilterRuleSaver((metadata, key, value) => atPath(metadata, key) === value),
} satisfies Mutant;
