import type { CapabilityId } from "../kinds/descriptors.js";
import { ConformanceReport, type CapabilityResult } from "../report/conformance-report.js";
import { runCapability } from "./capability-run.js";
import { subjectKindOf } from "../registration.js";
import type { RunPlan } from "./run-plan.js";

/**
 * The verdict of a test-runner run once every capability ran, as `validate()`
 * gives it (the runner fails on any failed test; with `baseOnly`, on a base
 * capability's). A runner passes when
 * no test failed, so this names what fails the run without failing a test
 * (docs/verdict.md): a required test left not checked by a precondition whose
 * capability did not fail here, a base capability skipped by
 * `skipCapabilities`, a run that checked nothing. Undefined when the verdict
 * is a pass, or when a failed test already fails the run.
 */
export async function verdictWithoutFailedTest(
  plan: RunPlan,
  ran: Partial<Record<CapabilityId, CapabilityResult>>,
  baseOnly = false,
): Promise<string | undefined> {
  const results: Partial<Record<CapabilityId, CapabilityResult>> = {};
  for (const capability of plan.capabilities) {
    // A capability that does not run (excluded, skipCapabilities) gets its skipped result, as in validate(); it creates no saver.
    const result = capability.skip ? await runCapability(plan, capability) : ran[capability.capability];
    if (result === undefined) return undefined; // it did not run: its tests failed with the setup hook's error
    results[capability.capability] = result;
  }
  const report = new ConformanceReport({
    subjectName: plan.registered.name,
    subjectKind: subjectKindOf(plan.registered),
    results,
    profile: plan.profile,
  });
  const verdict = report.verdict({ baseOnly });
  // With baseOnly, the failed tests of other capabilities are shown passing (noted): only a base one fails the runner.
  const failedTest = report.failures().some((f) => !baseOnly || results[f.capability]?.kind === "base");
  if (verdict.passed || failedTest) return undefined;
  // As the CLI: a shard whose slice is empty is no failure (the other shards check the rest).
  if (verdict.nothingChecked && plan.shard) return undefined;
  const notChecked = report.notChecked().map(({ capability, test }) => `\n  ${capability} › ${test.name}: ${test.reason}`);
  return `${plan.registered.name}: the run fails although none of its tests failed: ${verdict.explanation}${notChecked.join("")}`;
}
