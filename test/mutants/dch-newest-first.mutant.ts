import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-newest-first",
  bug: "getDeltaChannelHistory returns each channel's writes newest first instead of oldest first",
  baseline: "reference",
  catches: ["test_history_returns_writes_oldest_first", "test_history_multi_channel", "test_history_seed_ancestor_own_writes_are_replayed"],
  create: () => new FaultyDeltaWalkSaver({ newestFirst: true }),
} satisfies Mutant;
