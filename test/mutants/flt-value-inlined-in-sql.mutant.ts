import { FilterRuleSaver } from "./filter-rule.js";
import type { Mutant } from "./types.js";

/** `... AND json_extract(metadata, '$.${key}') = '${value}'`: a quote in a string value ends the literal early. */
function inlined(metadata: Record<string, unknown>, key: string, value: unknown): boolean {
  if (typeof value === "string" && value.includes("'"))
    throw new Error(`SQLITE_ERROR: near "${value.slice(value.indexOf("'") + 1)}": syntax error`);
  return key in metadata && metadata[key] === value;
}

export default {
  name: "flt-value-inlined-in-sql",
  bug: "list() inlines a string filter value into the SQL text between quotes instead of binding it, so a value holding a quote is a syntax error",
  catches: ["test_flt_query_syntax_in_values"],
  create: () => new FilterRuleSaver(inlined),
} satisfies Mutant;
