import { FaultyDeltaWalkSaver } from "./faulty-delta-walk.js";
import type { Mutant } from "./types.js";

export default {
  name: "dch-ignores-task-path",
  bug: "getDeltaChannelHistory sorts one checkpoint's writes by task id only, ignoring the task path (parallel writers rebuild out of order)",
  baseline: "reference",
  catches: ["test_history_orders_writes_by_task_path"],
  create: () => new FaultyDeltaWalkSaver({ ignoreTaskPath: true }),
} satisfies Mutant;
