import type { KnownDeviation } from "../registration.js";
import type { CatalogId } from "../spec/types.js";

/**
 * Behaviours a saver may be declared not to have. The model mode still runs
 * them; a disagreement that one of them fully explains is reported as that
 * deviation (how often, with an example) instead of failing the section.
 */
export const DECLARABLE_BEHAVIOURS = {
  "ignores-task-path": {
    ids: ["JS-01", "JS-02"],
    description: "pendingWrites come back in (taskId, idx) order: the saver does not store taskPath",
  },
  "delete-thread-before-setup-rejects": {
    ids: ["DT-05"],
    description: "deleteThread rejects on a fresh saver before its first put or putWrites (storage is created lazily)",
  },
} as const satisfies Record<string, { ids: readonly CatalogId[]; description: string }>;

/** @public */
export type DeclarableBehaviour = keyof typeof DECLARABLE_BEHAVIOURS;

export const DECLARABLE_BEHAVIOUR_IDS = Object.keys(DECLARABLE_BEHAVIOURS) as DeclarableBehaviour[];

export function isDeclarableBehaviour(value: unknown): value is DeclarableBehaviour {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(DECLARABLE_BEHAVIOURS, value);
}

/**
 * The declared behaviours and why: from the model option (reason "declared in
 * the model options") and from registration deviations naming one of a
 * behaviour's catalog ids (their reason).
 */
export function declaredBehaviours(
  ignore: readonly DeclarableBehaviour[],
  deviations: readonly KnownDeviation[],
): Map<DeclarableBehaviour, string> {
  const declared = new Map<DeclarableBehaviour, string>();
  for (const id of ignore) declared.set(id, "declared in the model options");
  for (const id of DECLARABLE_BEHAVIOUR_IDS) {
    const ids: readonly CatalogId[] = DECLARABLE_BEHAVIOURS[id].ids;
    const deviation = deviations.find((d) => d.ids?.some((c) => ids.includes(c)));
    if (deviation && !declared.has(id)) declared.set(id, deviation.reason);
  }
  return declared;
}
