import { FaultyLatestSaver, type LatestRule } from "./faulty-latest.js";
import type { Mutant } from "./types.js";

/** Takes the checkpoint put last as the latest (insertion order, not the greatest id). */
const lastInserted: LatestRule = (storage, threadId, ns) => {
  const last = Object.keys(storage[threadId]?.[ns] ?? {}).at(-1);
  return last === undefined ? undefined : { threadId, ns, id: last };
};

export default {
  name: "get-tuple-latest-last-inserted",
  bug: "getTuple without checkpoint_id returns the checkpoint put last, not the one with the greatest id",
  catches: ["test_get_tuple_latest_is_greatest_checkpoint_id"],
  create: () => new FaultyLatestSaver(lastInserted),
} satisfies Mutant;
