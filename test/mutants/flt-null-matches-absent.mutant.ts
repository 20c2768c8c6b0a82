import { FilterRuleSaver } from "./filter-rule.js";
import type { Mutant } from "./types.js";

export default {
  name: "flt-null-matches-absent",
  bug: "list() compares `json_extract(metadata, '$.key') IS ?`, so filter {key: null} also matches metadata that lacks the key",
  catches: ["test_flt_null_filter_value_is_not_absence"],
  create: () => new FilterRuleSaver((metadata, key, value) => (metadata[key] ?? null) === value),
} satisfies Mutant;
