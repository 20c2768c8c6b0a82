import { FilterRuleSaver } from "./filter-rule.js";
import type { Mutant } from "./types.js";

export default {
  name: "flt-missing-key-matches",
  bug: "list() rejects a checkpoint only when its metadata has a filter key with another value, so a checkpoint lacking the key matches",
  catches: ["test_flt_missing_key_never_matches"],
  create: () => new FilterRuleSaver((metadata, key, value) => !(key in metadata) || metadata[key] === value),
} satisfies Mutant;
