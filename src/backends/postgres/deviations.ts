import type { KnownDeviation } from "../../registration.js";
import { taskPathOrderDeviation } from "../task-path-deviation.js";
import { POSTGRES_GRAPH_DEVIATIONS, POSTGRES_STALE_BLOBS } from "../known-deviations.js";

/** PostgresSaver 1.0.5's known deviations (measured; see docs/backends.md). */
export const POSTGRES_DEVIATIONS: readonly KnownDeviation[] = [
  taskPathOrderDeviation(
    "PostgresSaver 1.0.5",
    "checkpoint_writes has no task_path column; writes are aggregated `order by cw.task_id, cw.idx`",
  ),
  { tests: ["test_ord_fork_keeps_its_own_channel_values"], reason: POSTGRES_STALE_BLOBS },
  ...POSTGRES_GRAPH_DEVIATIONS,
];
