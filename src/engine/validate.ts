import { DEFAULT_SUBJECT_KIND, type CapabilityId } from "../kinds/descriptors.js";
import { asRegistration, subjectKindOf, type AnyRegistration } from "../registration.js";
import { ConformanceReport, type CapabilityResult, type ReportSection } from "../report/conformance-report.js";
import type { ReadBack } from "../report/types.js";
import { describeValue, errorText } from "../util/describe-value.js";
import { ConformanceUsageError } from "../util/errors.js";
import { runCapabilities } from "./capability-run.js";
import type { ValidateOptions } from "../run/options.js";
import { planRun } from "./run-plan.js";
import { SUITE_VERSION } from "./version.js";
import { runIdentity } from "./run-identity.js";
import { sectionsAsked } from "../sections/runners.js";
import { sectionContext } from "./section-context.js";
import { kindOf } from "../kinds/index.js";
import { listedSpecTests } from "../report/spec-test-list.js";
import { endLifespan, enterLifespan } from "./lifespan.js";
import { captureUnhandledRejections, settleTick } from "../runtime/unhandled-rejections.js";
import { foundUnderDefault } from "../util/under-default.js";
import { runSuggestions } from "../diagnosis/run-suggestions.js";
import { readBackWhenFailed } from "../diagnosis/read-back.js";
import { inPlannedTestOrder, serialOrderHooks } from "../run/serial-progress.js";
import { guardHooks, ProgressHookError, type HookFailure } from "../run/progress.js";
import type { SectionRunner } from "../run/section-runner.js";
import { TestBudget } from "../run/test-budget.js";
import { subjectLineage } from "../runtime/subject-lineage.js";

export { ConformanceSetupError } from "../util/errors.js";
export { DEFAULT_LIFESPAN_TIMEOUT_MS, DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS, type ValidateOptions } from "../run/options.js";

/**
 * Runs the spec suites of the selected capabilities, one fresh saver per
 * capability (several capabilities at once under one budget of `concurrency`
 * tests in flight; progress and results in the serial run's order), and
 * returns the report. Never throws for a broken saver (that is
 * a failure in the report); throws `ConformanceUsageError` for misuse (a run
 * that would check nothing included), `ConformanceSetupError` when the
 * lifespan's setup fails, and `ProgressHookError` (with the report) once the
 * run ended when a progress hook threw.
 * @public
 */
export function validate(input: AnyRegistration, options: ValidateOptions = {}): Promise<ConformanceReport> {
  return runValidation(input, options, { progressOrder: "serial", sectionsAlongside: true });
}

export interface RunManner {
  /** Progress hooks called in the serial run's order, or as things happen (calls of capabilities running at once interleave). */
  progressOrder: "serial" | "as-it-happens";
  /** Whether sections that need no capability result run alongside the capabilities (with `concurrency` above 1); a function: yes, told when they start and end. */
  sectionsAlongside: boolean | ((running: boolean) => void);
}

/**
 * `validate()` in a given manner: the supervised child's calls its hooks as
 * things happen (its parent must know every test in flight, and puts the
 * calls in order itself) and says when sections run alongside (a crash
 * meanwhile may be theirs).
 */
export async function runValidation(
  input: AnyRegistration,
  options: ValidateOptions,
  { progressOrder, sectionsAlongside }: RunManner,
): Promise<ConformanceReport> {
  const registered = asRegistration(input);
  if (!registered) {
    const nested = foundUnderDefault(input, asRegistration);
    const hint = nested
      ? `; did you mean \`${nested.path}\`? (its ${nested.path} is a registration: importing a CommonJS module from ES modules wraps its exports in default)`
      : "";
    throw new ConformanceUsageError(
      `validate: the first argument must be what checkpointerTest(), storeTest() or cacheTest() returns, got ${describeValue(input)}${hint}`,
    );
  }
  const sectionRunners = kindOf(registered).sections;
  const plan = planRun(registered, options, "validate", sectionsAsked(sectionRunners, options));
  // Misused section options (an unknown scenario id, ...) fail now, not after the suites ran.
  for (const section of sectionRunners) await section.check?.(options);
  const parallel = plan.concurrency > 1;
  // The hooks' own errors are theirs: guarded here, told once the run ended (ProgressHookError), never a test's failure.
  let hookFailure: HookFailure | undefined;
  const hooks = guardHooks(options.progress ?? {}, "the progress hooks given to validate()", (failure) => (hookFailure ??= failure));
  // The serial run's order: capability after capability, and within one its tests in the planned order (they are told as they end).
  const planned = new Map(plan.capabilities.map((c) => [c.capability, c.tests.map((t) => t.name)]));
  const progress =
    parallel && progressOrder === "serial"
      ? serialOrderHooks(
          inPlannedTestOrder(hooks, (capability) => planned.get(capability) ?? []),
          plan.capabilities.map((c) => c.capability),
        )
      : hooks;
  const budget = new TestBudget(plan.concurrency);
  const started = performance.now();
  const results: Partial<Record<CapabilityId, CapabilityResult>> = {};
  const errors: string[] = [];
  const sections: ReportSection[] = [];
  let readBack: ReadBack | undefined;

  const selected = plan.capabilities.filter((c) => !c.skip?.excluded).map((c) => c.capability);
  const subjectKind = subjectKindOf(registered);
  progress.onRunStart?.({
    subjectName: registered.name,
    checkpointerName: registered.name,
    ...(subjectKind !== DEFAULT_SUBJECT_KIND ? { subjectKind } : {}),
    capabilities: selected,
  });
  const stopCapture = captureUnhandledRejections((reason) =>
    errors.push(`the ${plan.subjectKind.noun} left a rejected promise unhandled outside any test: ${errorText(reason)}`),
  );
  try {
    const lifespan = await enterLifespan(plan);
    try {
      const runSection = async (section: SectionRunner): Promise<{ added?: ReportSection; error?: string }> => {
        try {
          const added = await section.run(sectionContext(plan, options, results, progress, budget));
          return added ? { added } : {};
        } catch (error) {
          return { error: `the ${section.key} section failed to run: ${errorText(error)}` };
        }
      };
      // Capabilities at once, each on its own saver, under the one budget; so are the sections that need no capability result.
      const alongside =
        parallel && sectionsAlongside !== false ? sectionRunners.filter((s) => s.independent && s.asked?.(options) !== false) : [];
      const told = typeof sectionsAlongside === "function" && alongside.length > 0 ? sectionsAlongside : undefined;
      told?.(true);
      const early = sectionRunners.map((section) => (alongside.includes(section) ? runSection(section) : undefined));
      const ran = await runCapabilities(plan, progress, budget);
      await Promise.all(early);
      told?.(false);
      for (const result of ran) results[result.capability] = result;
      for (const [i, section] of sectionRunners.entries()) {
        const { added, error } = await (early[i] ?? runSection(section));
        if (added) sections.push(added);
        if (error) errors.push(error);
      }
      readBack = await readBackWhenFailed(registered, plan.profile, results, sections, plan.timeoutMs);
    } finally {
      const failure = await endLifespan(lifespan);
      if (failure) errors.push(failure);
    }
  } finally {
    await settleTick();
    stopCapture();
  }
  const report = new ConformanceReport({
    subjectName: registered.name,
    subjectKind,
    results,
    errors,
    durationMs: performance.now() - started,
    sections,
    profile: plan.profile,
    suggestions: runSuggestions({ results, profile: plan.profile }, kindOf(registered).specs, subjectLineage(registered)),
    ...(readBack ? { readBack } : {}),
    specTests: listedSpecTests(kindOf(registered).specs),
    ...(plan.shard ? { shard: plan.shard, run: runIdentity(SUITE_VERSION, options) } : {}),
  });
  progress.onRunEnd?.(report);
  if (hookFailure) throw new ProgressHookError(hookFailure, report);
  return report;
}
