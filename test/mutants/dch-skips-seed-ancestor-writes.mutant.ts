import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-skips-seed-ancestor-writes",
  bug: "getDeltaChannelHistory drops the writes stored at the seed ancestor (langgraph#8526), losing the first write after a snapshot or migration",
  baseline: "reference",
  catches: ["test_history_seed_ancestor_own_writes_are_replayed", "test_history_multi_channel"],
  create: () => new FaultyDeltaWalkSaver({ skipSeedAncestorWrites: true }),
} satisfies Mutant;
