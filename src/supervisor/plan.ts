import { CAPABILITIES, type Capability } from "../capabilities.js";
import type { RegisteredCheckpointer } from "../registration.js";
import { toMatcher } from "../runner.js";
import { SPECS, specFor } from "../spec/index.js";
import type { ListedSpecTest } from "../spec/test-list.js";
import type { PlannedTest, RunRequest } from "./protocol.js";

/** The spec tests the run will try, per capability, in order: what a cut-short run reports as not run. */
export function plannedTests(registered: RegisteredCheckpointer, options: RunRequest["options"]): { capability: Capability; tests: PlannedTest[] }[] {
  const grep = toMatcher(options.grep);
  return CAPABILITIES.filter(({ id }) => (options.capabilities ?? [id]).includes(id) && !registered.skipCapabilities.has(id)).map(({ id }) => ({
    capability: id,
    tests: (specFor(id)?.tests ?? [])
      .filter((test) => !grep || grep(test))
      .map((test) => ({ name: test.name, ids: test.ids, description: test.description, advisory: test.advisory ?? false })),
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
