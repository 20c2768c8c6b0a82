import { FaultyLatestSaver, type LatestRule } from "./faulty-latest.js";
import type { Mutant } from "./types.js";

/** Takes the first stored checkpoint of the namespace as the latest (an ascending ORDER BY). */
const firstInserted: LatestRule = (storage, threadId, ns) => {
  const first = Object.keys(storage[threadId]?.[ns] ?? {})[0];
  return first === undefined ? undefined : { threadId, ns, id: first };
};

export default {
  name: "get-tuple-latest-first-inserted",
  bug: "getTuple without checkpoint_id returns the oldest checkpoint instead of the latest",
  catches: ["test_get_tuple_latest_when_no_checkpoint_id"],
  create: () => new FaultyLatestSaver(firstInserted),
} satisfies Mutant;
