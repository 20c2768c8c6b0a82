import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-insertion-order",
  bug: "getDeltaChannelHistory returns one checkpoint's writes in the order they were stored, not in writesSortKey order",
  baseline: "reference",
  catches: ["test_history_orders_writes_within_a_checkpoint", "test_history_orders_writes_by_task_path"],
  create: () => new FaultyDeltaWalkSaver({ insertionOrder: true }),
} satisfies Mutant;
