import { RewritingListSaver, type ListQueryRewrite } from "./rewriting-list.js";
import type { Mutant } from "./types.js";

/** Falls back to "no thread condition" when the thread is not in its index. */
const unknownThreadListsAll: ListQueryRewrite = ({ config, options }, storage) => {
  const { thread_id, ...rest } = config.configurable ?? {};
  const known = thread_id !== undefined && thread_id in storage;
  return { config: known ? config : { ...config, configurable: rest }, options };
};

export default {
  name: "list-unknown-thread-lists-all",
  bug: "list() of a thread it has never stored drops the thread condition and lists every thread",
  catches: ["test_list_by_thread", "test_list_empty_result", "test_list_combinations"],
  create: () => new RewritingListSaver(unknownThreadListsAll),
} satisfies Mutant;
