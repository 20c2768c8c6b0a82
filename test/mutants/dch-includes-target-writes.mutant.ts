import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-includes-target-writes",
  bug: "getDeltaChannelHistory starts at the target instead of its parent, so the target's own pending writes are returned",
  baseline: "reference",
  catches: ["test_history_excludes_target_pending_writes", "test_history_returns_writes_oldest_first"],
  create: () => new FaultyDeltaWalkSaver({ includeTargetWrites: true }),
} satisfies Mutant;
