import type { Capability } from "../capabilities.js";
import type { RegisteredCheckpointer } from "../registration.js";
import { planRun } from "../engine/run-plan.js";
import { SPECS } from "../spec/index.js";
import type { ListedSpecTest } from "../spec/test-list.js";
import type { PlannedTest, RunRequest } from "./protocol.js";

/** The spec tests the run will try, per capability, in order: what a cut-short run reports as not run. */
export function plannedTests(registered: RegisteredCheckpointer, options: RunRequest["options"]): { capability: Capability; tests: PlannedTest[] }[] {
  // The engine's own selection (validate() makes the same plan), so the two never disagree.
  return planRun(registered, options, "checkpoint-conformance", true)
    .capabilities.filter((plan) => !plan.skip)
    .map((plan) => ({
      capability: plan.capability,
      tests: plan.tests.map((test) => ({ name: test.name, ids: test.ids, description: test.description, advisory: test.advisory ?? false })),
    }));
}

/** Every spec test by capability (names, ids, advisory): what the parent's reporters list for capabilities that did not run. */
export function specCatalog(): Partial<Record<Capability, ListedSpecTest[]>> {
  const catalog: Partial<Record<Capability, ListedSpecTest[]>> = {};
  for (const [capability, spec] of Object.entries(SPECS) as [Capability, (typeof SPECS)[Capability]][]) {
    catalog[capability] = (spec?.tests ?? []).map((t) => ({ name: t.name, ids: t.ids, advisory: t.advisory ?? false }));
  }
  return catalog;
}
