import { FaultyLatestSaver, newestOf, type LatestRule } from "./faulty-latest.js";
import type { Mutant } from "./types.js";

/** Its "latest" query filters by namespace but forgets the thread. */
const acrossThreads: LatestRule = (storage, _threadId, ns) => {
  const stored = Object.entries(storage).flatMap(([threadId, byNs]) => Object.keys(byNs[ns] ?? {}).map((id) => ({ threadId, ns, id })));
  return newestOf(stored);
};

export default {
  name: "get-tuple-latest-ignores-thread",
  bug: "getTuple without checkpoint_id returns the newest checkpoint of the namespace across all threads",
  catches: ["test_put_multiple_threads_isolated"],
  create: () => new FaultyLatestSaver(acrossThreads),
} satisfies Mutant;
