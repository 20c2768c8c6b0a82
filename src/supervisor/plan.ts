import type { AnyRegistration } from "../registration.js";
import { kindOf } from "../kinds/index.js";
import { planRun } from "../engine/run-plan.js";
import { listedSpecTests, type SpecTestList } from "../report/spec-test-list.js";
import { sectionsAsked } from "../sections/runners.js";
import type { ChildMessage, RunRequest } from "./protocol.js";

/**
 * The run's plan as the parent needs it: the spec tests the run will try, per
 * capability, in order (what a cut-short run reports as not run, and what a
 * resumed run leaves out), and the capabilities that do not run, with why.
 */
export function runPlanMessage(
  registered: AnyRegistration,
  options: RunRequest["options"],
  timeoutMs: number,
): Extract<ChildMessage, { t: "plan" }> {
  // The engine's own selection (validate() makes the same plan), so the two never disagree.
  const plan = planRun(registered, options, "checkpoint-conformance", true);
  return {
    t: "plan",
    capabilities: plan.capabilities
      .filter((c) => !c.skip)
      .map((c) => ({
        capability: c.capability,
        tests: c.tests.map((test) => ({ name: test.name, ids: test.ids, description: test.description, advisory: test.advisory ?? false })),
      })),
    skipped: plan.capabilities.flatMap((c) => (c.skip ? [{ capability: c.capability, ...c.skip }] : [])),
    catalog: specCatalog(registered),
    timeoutMs,
    sectionsAsked: sectionsAsked(kindOf(registered).sections, options),
    sections: kindOf(registered)
      .sections.filter((section) => section.asked?.(options) === true)
      .map((section) => section.key),
    profile: plan.profile,
  };
}

/** Every spec test of the registration's kind by capability (names, ids, advisory): what the parent's reporters list for capabilities that did not run. */
export function specCatalog(registered: AnyRegistration): SpecTestList {
  return listedSpecTests(kindOf(registered).specs);
}
