import type { CapabilityId } from "../kinds/descriptors.js";
import type { CapabilityResult } from "../report/conformance-report.js";
import type { ValidateOptions } from "../run/options.js";
import type { ProgressHooks } from "../run/progress.js";
import type { SectionContext } from "../run/section-runner.js";
import { profileBehaviours } from "./behaviour-profile.js";
import type { RunPlan } from "./run-plan.js";
import { TestBudget } from "../run/test-budget.js";

/** What a section runner gets, the same from validate() and from the test-runner suites. */
export function sectionContext(
  plan: RunPlan,
  options: ValidateOptions,
  results: Partial<Record<CapabilityId, CapabilityResult>>,
  progress: ProgressHooks,
  budget = new TestBudget(plan.concurrency),
): SectionContext {
  return {
    registered: plan.registered,
    options,
    results,
    timeoutMs: plan.timeoutMs,
    progress,
    budget,
    ...(plan.subjectKind.behaviours?.length ? { profileBehaviours: () => profileBehaviours(plan) } : {}),
  };
}
