import type { KnownDeviation } from "../registration.js";

/**
 * Shared by SqliteSaver 1.0.4 and PostgresSaver 1.0.5: both ignore putWrites'
 * taskPath argument, so pending writes come back in task-id order instead of
 * checkpoint 1.2.2's writesSortKey order (task path, task id, index).
 */
export function taskPathOrderDeviation(saver: string, evidence: string): KnownDeviation {
  return {
    tests: [
      "test_put_writes_order_task_path_before_task_id",
      "test_put_writes_order_empty_task_path_first",
      "test_history_orders_writes_by_task_path",
    ],
    reason: `${saver} does not store putWrites' taskPath (${evidence}), so pendingWrites come back in task-id order, not writesSortKey order (task path, then task id, then index); a DeltaChannel rebuilt from parallel writers can differ from the live run`,
  };
}
