import { FilterRuleSaver } from "./filter-rule.js";
import type { Mutant } from "./types.js";

/** What SQLite's json_extract() returns for a JSON value, and what a bound JS parameter becomes: booleans are 1 and 0. */
const asSqlite = (value: unknown) => (typeof value === "boolean" ? Number(value) : value);

export default {
  name: "flt-booleans-as-numbers",
  bug: "list() compares json_extract(metadata, '$.key') = ?, where SQLite turns true and false into 1 and 0: filter {flag: 1} matches metadata flag true",
  catches: ["test_flt_filter_values_are_type_strict"],
  create: () => new FilterRuleSaver((metadata, key, value) => key in metadata && asSqlite(metadata[key]) === asSqlite(value)),
} satisfies Mutant;
