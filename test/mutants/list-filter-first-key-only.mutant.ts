import { RewritingListSaver, type ListQueryRewrite } from "./rewriting-list.js";
import type { Mutant } from "./types.js";

/** Builds its WHERE clause from the first filter entry only. */
const firstFilterKeyOnly: ListQueryRewrite = ({ config, options = {} }) => {
  const first = Object.entries(options.filter ?? {}).slice(0, 1);
  return { config, options: { ...options, filter: options.filter && Object.fromEntries(first) } };
};

export default {
  name: "list-filter-first-key-only",
  bug: "list() matches only the first key of a metadata filter and ignores the others",
  catches: ["test_list_metadata_filter_multiple_keys", "test_list_combinations"],
  create: () => new RewritingListSaver(firstFilterKeyOnly),
} satisfies Mutant;
