import { FaultyLatestSaver, newestOf, type LatestRule } from "./faulty-latest.js";
import type { Mutant } from "./types.js";

/** Looks for the latest checkpoint across every namespace of the thread. */
const acrossNamespaces: LatestRule = (storage, threadId) => {
  const stored = Object.entries(storage[threadId] ?? {}).flatMap(([ns, checkpoints]) =>
    Object.keys(checkpoints).map((id) => ({ threadId, ns, id })),
  );
  return newestOf(stored);
};

export default {
  name: "get-tuple-latest-ignores-namespace",
  bug: "getTuple without checkpoint_id returns the thread's newest checkpoint of any namespace",
  catches: ["test_get_tuple_respects_namespace"],
  create: () => new FaultyLatestSaver(acrossNamespaces),
} satisfies Mutant;
