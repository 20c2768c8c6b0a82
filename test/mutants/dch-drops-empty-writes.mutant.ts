import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-drops-empty-writes",
  bug: 'getDeltaChannelHistory drops writes whose value is an empty string or list (stored as NULL, then skipped as "no write")',
  baseline: "reference",
  catches: ["test_val_empty_seeds_and_writes_are_not_absent"],
  create: () => new FaultyDeltaWalkSaver({ dropEmptyWrites: true }),
} satisfies Mutant;
