import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-omits-unwritten-channels",
  bug: "getDeltaChannelHistory leaves out requested channels that have no writes and no seed, instead of returning {writes: []}",
  baseline: "reference",
  catches: ["test_history_result_shape", "test_history_target_resolved_like_get_tuple"],
  create: () => new FaultyDeltaWalkSaver({ omitUnwrittenChannels: true }),
} satisfies Mutant;
