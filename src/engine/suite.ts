import type { CapabilityId } from "../kinds/descriptors.js";
import type { AnyRegistration, LifespanLease } from "../registration.js";
import type { CapabilityResult, TestResult } from "../report/conformance-report.js";
import { WHOLE_TEST_LIMIT_FACTOR } from "../runtime/call-timeout.js";
import { LIFECYCLE_DESCRIPTION, runCapability } from "./capability-run.js";
import { describeValue, errorText } from "../util/describe-value.js";
import { ConformanceUsageError } from "../util/errors.js";
import { endLifespan, enterLifespan } from "./lifespan.js";
import type { ValidateOptions } from "../run/options.js";
import { planRun, type CapabilityPlan, type RunPlan } from "./run-plan.js";
import { guardHooks, hookFailureText, type HookFailure, type ProgressHooks } from "../run/progress.js";
import { findDeviation } from "./run-spec-test.js";
import { attemptsSuffix } from "../report/results.js";
import { MAX_TIMEOUT_MS } from "../util/timeout.js";
import { sectionsAsked } from "../sections/runners.js";
import { sectionContext } from "./section-context.js";
import type { SectionRunner } from "../run/section-runner.js";
import { verdictWithoutFailedTest } from "./suite-verdict.js";
import { toRegistration, type ValidationInitializer } from "./validation-initializer.js";
import { kindOf } from "../kinds/index.js";

/**
 * The options of a test-runner suite: validate()'s without progress hooks, and
 * `baseOnly`: a failed test of a capability that is not base is shown passing
 * with a note (never failing the runner), as the CLI's `--base-only` keeps
 * the exit code 0 for it. Default: every capability the subject offers must
 * pass, as the CLI. (Public as the adapters' `ConformanceSuiteOptions`.)
 */
export type SuiteRunOptions = Omit<ValidateOptions, "progress"> & { baseOnly?: boolean };

/** What a test runner shows for one spec test. `noted`: passes, with the message on stderr (an advisory failure or a declared deviation). */
export type RunnerOutcome =
  | { kind: "passed" }
  | { kind: "skipped"; reason: string }
  | { kind: "failed"; message: string }
  | { kind: "noted"; message: string };

/** One capability as a describe block: its tests, run together by the engine in the block's setup hook. */
export interface SuiteCapability {
  capability: CapabilityId;
  /** `test_put_roundtrip [PUT-02]` (tagged when advisory or a declared deviation) and the spec test's name. */
  tests: readonly { title: string; name: string }[];
  /** Set when the registration skips the capability: each test is shown skipped with this reason. */
  skipped?: string;
  /** Time the setup hook may take: every test with its extra savers, the factory and its cleanup. */
  hookTimeoutMs: number;
  /** Runs the capability through the engine (the same code as validate()); never throws. */
  run(): Promise<void>;
  /** What a test came to, once `run()` finished. */
  outcome(name: string): RunnerOutcome;
  /** The factory's cleanup failure, once `run()` finished: the teardown hook throws it. */
  cleanupFailure(): string | undefined;
  /** The capability's result, once `run()` finished. */
  result(): CapabilityResult | undefined;
}

/** A section validate() runs after the capabilities (the model mode, the graph scenarios): one test in a runner. */
export interface SuiteStep {
  /** `model`, `graph`. */
  key: string;
  /** Runs the section on the capability results so far, as validate() does; never throws. */
  run(): Promise<RunnerOutcome>;
}

/** The plan a test-runner adapter maps onto describe/test/hooks. */
export interface Suite {
  title: string;
  lifespanHookTimeoutMs: number;
  enterLifespan(): Promise<void>;
  /** Ends the lifespan; throws if the teardown failed. */
  endLifespan(): Promise<void>;
  capabilities: readonly SuiteCapability[];
  /** The sections the options turn on (the model mode by default, as in validate()), after the capabilities. */
  sections: readonly SuiteStep[];
  /** Rejects misused section options (an unknown scenario id, ...) before any saver is created, as validate() does. */
  checkSections(): Promise<void>;
  /** Once every capability ran: why the verdict fails although no test failed (see suite-verdict.ts), else undefined. */
  verdictFailure(): Promise<string | undefined>;
}

/** Our own timeouts fire first (with a clearer message); the runner's hook timeouts are a margin above them. */
const HOOK_MARGIN_MS = 1_000;

/**
 * The adapters' plan: the same option checks, selection, lifecycle, detection
 * and verdicts as `validate()`, one describe block per capability that runs.
 */
export function planSuite(
  input: AnyRegistration | ValidationInitializer,
  { baseOnly = false, ...options }: SuiteRunOptions,
  caller: string,
  progress: ProgressHooks = {},
): Suite {
  const registered = toRegistration(input);
  if (!registered) {
    throw new ConformanceUsageError(
      `${caller}: the first argument must be what checkpointerTest(), storeTest() or cacheTest() returns (or a validation-package initializer), got ${describeValue(input)}`,
    );
  }
  const plan = planRun(registered, options, caller, sectionsAsked(kindOf(registered).sections, options));
  const kindSections = plan.subjectKind.sections;
  // A hook that throws is the adapter's error, told in the suite's last hook, never a spec test's failure.
  let hookFailure: HookFailure | undefined;
  progress = guardHooks(progress, `${caller}'s progress hooks`, (failure) => (hookFailure ??= failure));
  let lifespan: LifespanLease | undefined;
  const capabilities = plan.capabilities.filter((c) => !c.skip?.excluded).map((c) => suiteCapability(plan, c, progress, baseOnly));
  const ranSoFar = () => Object.fromEntries(capabilities.flatMap((c) => (c.result() ? [[c.capability, c.result()!]] : [])));
  return {
    title: `${registered.name} conformance`,
    lifespanHookTimeoutMs: hookTimeout(2 * plan.lifespanTimeoutMs),
    async enterLifespan() {
      lifespan = await enterLifespan(plan);
    },
    async endLifespan() {
      const failure = await endLifespan(lifespan);
      if (failure) throw new Error(`${registered.name}: ${failure}`);
    },
    capabilities,
    sections: kindSections
      .filter((section) => section.asked?.(options) === true)
      .map((section) => suiteSection(plan, options, section, ranSoFar, progress)),
    async checkSections() {
      for (const section of kindSections) await section.check?.(options);
    },
    verdictFailure: async () =>
      hookFailure
        ? `${hookFailureText(hookFailure)}: an error of checkpoint-conformance, not of the ${plan.subjectKind.noun} (please report it)`
        : verdictWithoutFailedTest(plan, Object.fromEntries(capabilities.map((c) => [c.capability, c.result()])), baseOnly),
  };
}

function suiteCapability(plan: RunPlan, capability: CapabilityPlan, progress: ProgressHooks, baseOnly: boolean): SuiteCapability {
  let result: CapabilityResult | undefined;
  const { registered, timeoutMs } = plan;
  return {
    capability: capability.capability,
    tests: capability.tests.map((test) => ({ title: testTitle(registered, test), name: test.name })),
    ...(capability.skip ? { skipped: capability.skip.reason } : {}),
    // A test that keeps getting answers may run up to its whole-test limit, then clean up extra savers (each within
    // timeoutMs); each retry does it all again on the same saver, and so does the run alone of a test that failed with others.
    hookTimeoutMs: hookTimeout(
      ((WHOLE_TEST_LIMIT_FACTOR + 2) * capability.tests.length * (1 + plan.retries + (plan.concurrency > 1 ? 1 : 0)) + 2) * timeoutMs,
    ),
    async run() {
      result = await runCapability(plan, capability, progress);
    },
    outcome: (name) => outcomeOf(capability.capability, result, name, baseOnly),
    cleanupFailure: () => (result ? failureText(result, "factory_cleanup") : undefined),
    result: () => result,
  };
}

function suiteSection(
  plan: RunPlan,
  options: Omit<ValidateOptions, "progress">,
  section: SectionRunner,
  ranSoFar: () => Partial<Record<CapabilityId, CapabilityResult>>,
  progress: ProgressHooks,
): SuiteStep {
  return {
    key: section.key,
    async run() {
      try {
        const added = await section.run(sectionContext(plan, options, ranSoFar(), progress));
        if (added?.passed() !== false)
          return added?.passed() === null ? { kind: "skipped", reason: added.summary?.() ?? `${section.key} skipped` } : { kind: "passed" };
        return { kind: "failed", message: added.lines().join("\n") };
      } catch (error) {
        return { kind: "failed", message: `the ${section.key} section failed to run: ${errorText(error)}` };
      }
    },
  };
}

function outcomeOf(capability: CapabilityId, result: CapabilityResult | undefined, name: string, baseOnly: boolean): RunnerOutcome {
  if (!result) return { kind: "failed", message: `${capability}: the capability did not run (see the setup hook's error)` };
  if (result.status === "not-implemented") return { kind: "skipped", reason: `${capability} not implemented: ${result.reason}` };
  if (result.status === "skipped") return { kind: "skipped", reason: `${capability} ${result.reason}` };
  const test = result.tests.find((t) => t.name === name && t.description !== LIFECYCLE_DESCRIPTION);
  if (!test) {
    // The capability could not be tested (the factory failed, a base method is missing): every test fails with the reason.
    const lifecycle = result.tests.filter((t) => t.description === LIFECYCLE_DESCRIPTION && t.status === "failed");
    return {
      kind: "failed",
      message: lifecycle.map((t) => `${capability}: ${message(t)}`).join("\n") || `${capability}: ${name} did not run`,
    };
  }
  const outcome = testOutcome(capability, test);
  // --base-only's rule: a broken capability that is not base does not fail the run, so its tests do not fail the runner.
  if (baseOnly && result.kind !== "base" && outcome.kind === "failed")
    return { kind: "noted", message: `not counted (baseOnly: the base capabilities only): ${outcome.message}` };
  return outcome;
}

function testOutcome(capability: CapabilityId, test: TestResult): RunnerOutcome {
  const heading = `${capability} › ${test.name} [${test.ids.join(", ")}]: ${test.description}${attemptsSuffix(test)}`;
  if (test.status === "passed")
    return test.flaky ? { kind: "noted", message: `${heading}\nthe first attempt failed:\n${test.flaky.message}` } : { kind: "passed" };
  if (test.status === "skipped") return { kind: "skipped", reason: test.reason };
  if (test.advisory) return { kind: "noted", message: `advisory (never fails): ${heading}\n${test.failure.message}` };
  if (test.deviation !== undefined)
    return { kind: "noted", message: `known deviation occurred: ${heading}\nreason: ${test.deviation}\n${test.failure.message}` };
  return { kind: "failed", message: `${heading}\n${test.failure.message}` };
}

function failureText(result: CapabilityResult, name: string): string | undefined {
  const test = result.tests.find((t) => t.name === name && t.description === LIFECYCLE_DESCRIPTION);
  return test ? `${result.capability}: ${message(test)}` : undefined;
}

function message(test: TestResult): string {
  return test.status === "failed" ? test.failure.message : "";
}

/** `test_put_roundtrip [PUT-02]`, tagged when advisory or a declared deviation, so runners can filter by id. */
function testTitle(registered: AnyRegistration, test: CapabilityPlan["tests"][number]): string {
  const tags = [test.advisory ? "advisory" : "", findDeviation(registered.knownDeviations, test) ? "known deviation" : ""].filter(Boolean);
  return `${test.name} [${test.ids.join(", ")}]${tags.length > 0 ? ` (${tags.join(", ")})` : ""}`;
}

function hookTimeout(ms: number): number {
  return Math.min(MAX_TIMEOUT_MS, ms + HOOK_MARGIN_MS);
}
