import { FilterRuleSaver } from "./filter-rule.js";
import type { Mutant } from "./types.js";

/** `metadata->>'key' LIKE $1`: % and _ in the bound value are wildcards. */
function like(metadata: Record<string, unknown>, key: string, value: unknown): boolean {
  if (!(key in metadata)) return false;
  const stored = metadata[key];
  if (typeof value !== "string" || typeof stored !== "string") return stored === value;
  const pattern = value
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/%/g, ".*")
    .replace(/_/g, ".");
  return new RegExp(`^${pattern}$`, "su").test(stored);
}

export default {
  name: "flt-value-as-like-pattern",
  bug: "list() compares string filter values with LIKE, so % and _ in a value match any text and any character",
  catches: ["test_flt_query_syntax_in_values"],
  create: () => new FilterRuleSaver(like),
} satisfies Mutant;
