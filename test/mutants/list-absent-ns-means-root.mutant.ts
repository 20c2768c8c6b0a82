import { RewritingListSaver, type ListQueryRewrite } from "./rewriting-list.js";
import type { Mutant } from "./types.js";

/** Defaults an absent checkpoint_ns to "" as put and getTuple do, which list() must not. */
const absentNsMeansRoot: ListQueryRewrite = ({ config, options }) => ({
  config: { ...config, configurable: { checkpoint_ns: "", ...config.configurable } },
  options,
});

export default {
  name: "list-absent-ns-means-root",
  bug: 'list() defaults an absent checkpoint_ns to "" (like put/getTuple), so it lists only the root namespace instead of all',
  catches: [
    "test_list_without_namespace_lists_all_namespaces",
    "test_list_matches_get_tuple",
    "test_list_combinations",
    "test_list_without_thread_id_lists_every_thread",
  ],
  create: () => new RewritingListSaver(absentNsMeansRoot),
} satisfies Mutant;
