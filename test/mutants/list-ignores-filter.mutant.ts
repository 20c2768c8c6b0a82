import { RewritingListSaver, type ListQueryRewrite } from "./rewriting-list.js";
import type { Mutant } from "./types.js";

/** Accepts the filter option but never applies it. */
const ignoresFilter: ListQueryRewrite = ({ config, options = {} }) => ({ config, options: { ...options, filter: undefined } });

export default {
  name: "list-ignores-filter",
  bug: "list() ignores the metadata filter and yields every checkpoint",
  catches: [
    "test_list_metadata_filter_single_key",
    "test_list_metadata_filter_step",
    "test_list_metadata_filter_no_match",
    "test_list_metadata_custom_keys",
    "test_list_combined_thread_and_filter",
    "test_list_combinations",
  ],
  create: () => new RewritingListSaver(ignoresFilter),
} satisfies Mutant;
