import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-empty-seed-is-absent",
  bug: 'getDeltaChannelHistory reads a stored empty string or list (plain or in a DeltaSnapshot) back as NULL, as Oracle stores "", so it walks past that seed to an older snapshot',
  baseline: "reference",
  catches: ["test_val_empty_seeds_and_writes_are_not_absent"],
  create: () => new FaultyDeltaWalkSaver({ emptyIsAbsent: true }),
} satisfies Mutant;
