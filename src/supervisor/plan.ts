import type { AnyCapability as Capability } from "../kinds/descriptors.js";
import type { AnyRegistration } from "../registration.js";
import { kindOf } from "../kinds/index.js";
import { planRun, type AnySpecTest } from "../engine/run-plan.js";
import type { ListedSpecTest } from "../spec/test-list.js";
import type { PlannedTest, RunRequest } from "./protocol.js";

/** The spec tests the run will try, per capability, in order: what a cut-short run reports as not run. */
export function plannedTests(registered: AnyRegistration, options: RunRequest["options"]): { capability: Capability; tests: PlannedTest[] }[] {
  // The engine's own selection (validate() makes the same plan), so the two never disagree.
  return planRun(registered, options, "checkpoint-conformance", true)
    .capabilities.filter((plan) => !plan.skip)
    .map((plan) => ({
      capability: plan.capability,
      tests: plan.tests.map((test) => ({ name: test.name, ids: test.ids, description: test.description, advisory: test.advisory ?? false })),
    }));
}

/** Every spec test of the registration's kind by capability (names, ids, advisory): what the parent's reporters list for capabilities that did not run. */
export function specCatalog(registered: AnyRegistration): Partial<Record<Capability, ListedSpecTest[]>> {
  const catalog: Partial<Record<Capability, ListedSpecTest[]>> = {};
  const specs = kindOf(registered).specs as Partial<Record<Capability, { tests: readonly AnySpecTest[] }>>;
  for (const [capability, spec] of Object.entries(specs) as [Capability, { tests: readonly AnySpecTest[] } | undefined][]) {
    catalog[capability] = (spec?.tests ?? []).map((t) => ({ name: t.name, ids: t.ids, advisory: t.advisory ?? false }));
  }
  return catalog;
}
