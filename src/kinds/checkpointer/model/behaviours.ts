import { ConformanceUsageError, type KnownDeviation } from "../../../registration.js";
import type { CatalogId } from "../checks/types.js";

/**
 * Behaviours a saver may be declared not to have. The model mode still runs
 * them; a disagreement that one of them fully explains is reported as that
 * deviation (how often, with an example) instead of failing the section.
 */
export const DECLARABLE_BEHAVIOURS = {
  "ignores-task-path": {
    ids: ["JS-01", "JS-02"],
    tests: [
      "test_put_writes_order_task_path_before_task_id",
      "test_put_writes_order_empty_task_path_first",
      "test_history_orders_writes_by_task_path",
    ],
    description: "pendingWrites come back in (taskId, idx) order: the saver does not store taskPath",
  },
  "delete-thread-before-setup-rejects": {
    ids: ["DT-05"],
    tests: ["test_delete_thread_first_call_on_fresh_saver"],
    description: "deleteThread rejects on a fresh saver before its first put or putWrites (storage is created lazily)",
  },
  "list-filter-rejects": {
    ids: ["LS-05", "LS-06", "LS-07", "LS-08", "LS-09"],
    tests: ["test_list_metadata_filter_single_key", "test_list_metadata_filter_multiple_keys", "test_list_combined_thread_and_filter"],
    description:
      "list() with a metadata filter rejects: the saver cannot filter the metadata it stores (e.g. SQL JSON filters over an encrypting serde)",
  },
  "filter-keys-as-paths": {
    ids: ["FLT-05"],
    tests: ["test_flt_filter_keys_are_top_level_keys"],
    description: "list() reads a filter key with path syntax (a.b, a[0]) as a path into nested metadata, not as one top-level key",
  },
} as const satisfies Record<string, { ids: readonly CatalogId[]; tests: readonly string[]; description: string }>;

/** @public */
export type DeclarableBehaviour = keyof typeof DECLARABLE_BEHAVIOURS;

export const DECLARABLE_BEHAVIOUR_IDS = Object.keys(DECLARABLE_BEHAVIOURS) as DeclarableBehaviour[];

export function isDeclarableBehaviour(value: unknown): value is DeclarableBehaviour {
  return typeof value === "string" && Object.hasOwn(DECLARABLE_BEHAVIOURS, value);
}

/** Rejects `model.ignore` entries that name no behaviour: a misspelt declaration must not silently declare nothing. */
export function assertDeclarableBehaviours(ignore: readonly unknown[]): void {
  const unknown = ignore.filter((value) => !isDeclarableBehaviour(value));
  if (unknown.length > 0) {
    throw new ConformanceUsageError(
      `validate: option "model.ignore" has unknown behaviour ids ${unknown.map((value) => JSON.stringify(value)).join(", ")}; known: ${DECLARABLE_BEHAVIOUR_IDS.join(", ")}`,
    );
  }
}

/**
 * The declared behaviours and why: from the model option (reason "declared in
 * the model options") and from registration deviations naming one of a
 * behaviour's catalog ids or spec tests (their reason).
 */
export function declaredBehaviours(
  ignore: readonly DeclarableBehaviour[],
  deviations: readonly KnownDeviation[],
): Map<DeclarableBehaviour, string> {
  const declared = new Map<DeclarableBehaviour, string>();
  for (const id of ignore) declared.set(id, "declared in the model options");
  for (const id of DECLARABLE_BEHAVIOUR_IDS) {
    const { ids, tests }: { ids: readonly CatalogId[]; tests: readonly string[] } = DECLARABLE_BEHAVIOURS[id];
    const deviation = deviations.find((d) => d.ids?.some((c) => ids.includes(c)) || d.tests?.some((t) => tests.includes(t)));
    if (deviation && !declared.has(id)) declared.set(id, deviation.reason);
  }
  return declared;
}
