import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-walks-list-order",
  bug: "getDeltaChannelHistory steps to the previous checkpoint id of the namespace (list before) instead of following parentConfig, so a sibling fork leaks in",
  baseline: "reference",
  catches: ["test_history_follows_parent_chain_on_forks"],
  create: () => new FaultyDeltaWalkSaver({ followListOrder: true }),
} satisfies Mutant;
