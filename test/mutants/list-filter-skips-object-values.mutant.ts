import { RewritingListSaver, type ListQueryRewrite } from "./rewriting-list.js";
import type { Mutant } from "./types.js";

/** Translates only scalar filter values into conditions and silently drops objects. */
const skipsObjectFilterValues: ListQueryRewrite = ({ config, options = {} }) => {
  const scalars = Object.entries(options.filter ?? {}).filter(([, value]) => value === null || typeof value !== "object");
  return { config, options: { ...options, filter: options.filter && Object.fromEntries(scalars) } };
};

export default {
  name: "list-filter-skips-object-values",
  bug: "list() silently drops filter entries whose value is an object, so a nested filter matches everything",
  catches: ["test_list_filter_nested_value_no_match"],
  create: () => new RewritingListSaver(skipsObjectFilterValues),
} satisfies Mutant;
