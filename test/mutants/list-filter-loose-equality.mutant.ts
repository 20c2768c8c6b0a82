import { FilterRuleSaver } from "./filter-rule.js";
import type { Mutant } from "./types.js";

export default {
  name: "list-filter-loose-equality",
  bug: 'list() compares filter values loosely (==), so filter {step: "1"} matches metadata step 1',
  catches: ["test_list_metadata_filter_type_strict"],
  // eslint-disable-next-line eqeqeq -- the bug this mutant models
  create: () => new FilterRuleSaver((metadata, key, value) => metadata[key] == value),
} satisfies Mutant;
