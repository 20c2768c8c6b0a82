import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-no-id-means-empty",
  bug: "getDeltaChannelHistory with a config without checkpoint_id returns empty history instead of the latest checkpoint's (Python InMemorySaver's behaviour)",
  baseline: "reference",
  catches: ["test_history_target_resolved_like_get_tuple"],
  create: () => new FaultyDeltaWalkSaver({ noIdMeansEmpty: true }),
} satisfies Mutant;
