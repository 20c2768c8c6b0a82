import { RewritingListSaver, type ListQueryRewrite } from "./rewriting-list.js";
import type { Mutant } from "./types.js";

/** Without a thread_id, picks "the" thread (the first one stored) instead of listing all of them. */
const firstThreadOnly: ListQueryRewrite = ({ config, options }, storage) => {
  const first = Object.keys(storage)[0];
  if (config.configurable?.thread_id !== undefined || first === undefined) return { config, options };
  return { config: { ...config, configurable: { ...config.configurable, thread_id: first } }, options };
};

export default {
  name: "list-no-thread-first-thread-only",
  bug: "list() without a thread_id lists only the first stored thread instead of every thread",
  catches: ["test_list_without_thread_id_lists_every_thread"],
  create: () => new RewritingListSaver(firstThreadOnly),
} satisfies Mutant;
