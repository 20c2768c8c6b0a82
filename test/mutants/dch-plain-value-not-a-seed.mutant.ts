import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-plain-value-not-a-seed",
  bug: "getDeltaChannelHistory stops only at a DeltaSnapshot, so a plain (pre-delta migration) stored value is not used as the seed",
  baseline: "reference",
  catches: ["test_history_migration_plain_value_as_seed", "test_history_seed_ancestor_own_writes_are_replayed"],
  create: () => new FaultyDeltaWalkSaver({ onlySnapshotsSeed: true }),
} satisfies Mutant;
