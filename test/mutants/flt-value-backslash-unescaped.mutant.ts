import { FilterRuleSaver } from "./filter-rule.js";
import type { Mutant } from "./types.js";

/** The value goes into a query string (`@key:{value}`, a JSON path literal) whose parser reads `\x` as an escaped `x`. */
function unescaped(metadata: Record<string, unknown>, key: string, value: unknown): boolean {
  if (!(key in metadata)) return false;
  const queried = typeof value === "string" ? value.replace(/\\(.)/gsu, "$1") : value;
  return metadata[key] === queried;
}

export default {
  name: "flt-value-backslash-unescaped",
  bug: "list() puts string filter values into a query string without escaping backslashes, so the query language reads them as escapes: a value holding a backslash matches the value without it",
  catches: ["test_flt_query_syntax_in_values"],
  create: () => new FilterRuleSaver(unescaped),
} satisfies Mutant;
