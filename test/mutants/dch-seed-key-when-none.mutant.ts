import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-seed-key-when-none",
  bug: "getDeltaChannelHistory sets seed: undefined when no ancestor stored a value, instead of omitting the key",
  baseline: "reference",
  catches: ["test_history_walk_to_root_no_seed"],
  create: () => new FaultyDeltaWalkSaver({ seedKeyAlways: true }),
} satisfies Mutant;
