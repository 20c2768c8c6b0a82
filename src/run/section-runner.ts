import type { CapabilityId } from "../kinds/descriptors.js";
import type { AnyRegistration } from "../registration.js";
import type { CapabilityResult, ReportSection } from "../report/conformance-report.js";
import type { BehaviourProfile } from "../report/types.js";
import type { ValidateOptions } from "./options.js";
import type { ProgressHooks } from "./progress.js";
import type { TestBudget } from "./test-budget.js";

/** What a report section (graph scenarios, model-based runs, ...) gets from the runner. */
export interface SectionContext {
  /** Of the kind whose sections these are (src/kinds/: a kind lists its own sections). */
  registered: AnyRegistration;
  options: ValidateOptions;
  /** The capability results so far (a section may skip itself when base capabilities failed). */
  results: Partial<Record<CapabilityId, CapabilityResult>>;
  timeoutMs: number;
  progress: ProgressHooks;
  /** The run's budget of tests in flight at once (the `concurrency` option), shared with the capabilities' spec tests. */
  budget: TestBudget;
  /** Runs the kind's behaviour probes on a fresh subject, each like a spec test (undefined for a kind that has none). */
  profileBehaviours?: () => Promise<BehaviourProfile>;
}

/**
 * A part of the run after the capability suites. Each one decides from its
 * option whether it runs, and returns the section it adds to the report.
 */
export interface SectionRunner {
  key: string;
  /** It reports facts, not a verdict: it does not make a run that selects no spec test a check. */
  informational?: true;
  /** It needs no capability result (`results`): with `concurrency` above 1 it runs alongside the capabilities, its work under the run's `budget`. */
  independent?: true;
  /** Whether the options turn this section on. */
  asked?(options: ValidateOptions): boolean;
  /** Checks the section's option before anything runs; throws `ConformanceUsageError` on misuse. */
  check?(options: ValidateOptions): Promise<void> | void;
  run(ctx: SectionContext): Promise<ReportSection | undefined>;
}
