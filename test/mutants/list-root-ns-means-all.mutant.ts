import { RewritingListSaver, type ListQueryRewrite } from "./rewriting-list.js";
import type { Mutant } from "./types.js";

/** Tests the namespace for truthiness (`if (checkpoint_ns)`), so "" drops the namespace condition. */
const rootNsMeansAll: ListQueryRewrite = ({ config, options }) => {
  const { checkpoint_ns, ...rest } = config.configurable ?? {};
  return { config: checkpoint_ns ? config : { ...config, configurable: rest }, options };
};

export default {
  name: "list-root-ns-means-all",
  bug: 'list() checks checkpoint_ns for truthiness, so checkpoint_ns "" lists every namespace instead of the root only',
  catches: ["test_list_by_namespace", "test_list_multiple_namespaces", "test_list_combinations"],
  create: () => new RewritingListSaver(rootNsMeansAll),
} satisfies Mutant;
