import type { KnownDeviation } from "../../../registration.js";

/**
 * Store behaviours a registration may declare: the model then follows the
 * behaviour and counts how often it changed an answer, instead of failing.
 */
export const STORE_MODEL_BEHAVIOURS = {
  "batch-dedupes-by-joined-key": {
    tests: ["test_store_batch_puts_of_lookalike_paths_are_distinct"],
    description: 'batch() de-duplicates puts by namespace.join(":") + ":" + key, so key "b:c" under [a] and key "c" under [a, b] collide and the first is dropped (InMemoryStore)',
  },
} as const;

/** @public */
export type StoreModelBehaviour = keyof typeof STORE_MODEL_BEHAVIOURS;

/** Declared behaviours and why: from the options, or from a known deviation naming one of the behaviour's spec tests. */
export function declaredStoreBehaviours(ignore: readonly StoreModelBehaviour[], deviations: readonly KnownDeviation[]): Map<StoreModelBehaviour, string> {
  const declared = new Map<StoreModelBehaviour, string>(ignore.map((b) => [b, "declared in the model options"]));
  for (const [behaviour, { tests }] of Object.entries(STORE_MODEL_BEHAVIOURS) as [StoreModelBehaviour, (typeof STORE_MODEL_BEHAVIOURS)[StoreModelBehaviour]][]) {
    const deviation = deviations.find((d) => d.tests?.some((t) => (tests as readonly string[]).includes(t)));
    if (deviation && !declared.has(behaviour)) declared.set(behaviour, deviation.reason);
  }
  return declared;
}
