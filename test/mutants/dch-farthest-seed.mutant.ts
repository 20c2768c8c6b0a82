import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-farthest-seed",
  bug: "getDeltaChannelHistory walks past the nearest stored value and seeds from the farthest (oldest) snapshot",
  baseline: "reference",
  catches: ["test_history_seed_is_nearest_snapshot"],
  create: () => new FaultyDeltaWalkSaver({ farthestSeed: true }),
} satisfies Mutant;
