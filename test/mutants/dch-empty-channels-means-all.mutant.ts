import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-empty-channels-means-all",
  bug: "getDeltaChannelHistory treats channels: [] as every channel written in the namespace",
  baseline: "reference",
  catches: ["test_history_empty_channels_returns_empty"],
  create: () => new FaultyDeltaWalkSaver({ emptyChannelsMeansAll: true }),
} satisfies Mutant;
