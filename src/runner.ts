import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { CAPABILITIES, CAPABILITY_IDS, capabilityInfo, detectCapability, isCapability, requiredOfEverySaver, type Capability, type Detection } from "./capabilities.js";
import { describeValue, errorText } from "./describe-value.js";
import type { ProgressHooks } from "./progress.js";
import {
  ConformanceUsageError,
  isRegisteredCheckpointer,
  type RegisteredCheckpointer,
  type SaverLease,
} from "./registration.js";
import { ConformanceReport, isCountedFailure, type CapabilityDraft, type CapabilityResult, type TestResult } from "./report.js";
import { specFor } from "./spec/index.js";
import type { SpecTest } from "./spec/types.js";
import { withTimeout, withTimeoutReleasing } from "./timeout.js";
import { runSpecTest } from "./run-spec-test.js";
import type { GraphOptions } from "./graph/options.js";
import type { ModelOptions } from "./model/options.js";
import { SECTION_RUNNERS } from "./sections.js";
import { captureUnhandledRejections, settleTick } from "./unhandled-rejections.js";
import type { ReportSection } from "./report.js";


/** @public */
export const DEFAULT_TIMEOUT_MS = 5_000;
/** @public */
export const DEFAULT_LIFESPAN_TIMEOUT_MS = 120_000;

/** @public */
export interface ValidateOptions {
  /** Only these capabilities run; the others are reported as skipped. Default: all. */
  capabilities?: readonly Capability[] | ReadonlySet<Capability>;
  /** Progress output; default quiet. See `ProgressCallbacks`. */
  progress?: ProgressHooks;
  /** Per spec test and per factory step, in ms. Default: the registration's, else 5000. */
  timeoutMs?: number;
  /** For the lifespan's setup and teardown, in ms. Default: the registration's, else 120000. */
  lifespanTimeoutMs?: number;
  /** Run only spec tests whose name, description or catalog id matches. */
  grep?: string | RegExp;
  /** Graph-level scenarios after the capability suites: `false` to skip, or which to run. */
  graph?: boolean | GraphOptions;
  /** Model-based random sequences after the spec suites; on by default in whole runs (see ModelOptions): `false` or `{ runs: 0 }` to skip. */
  model?: boolean | ModelOptions;
}

/** A setup problem that stops the run: the lifespan could not start. @public */
export class ConformanceSetupError extends Error {
  override readonly name = "ConformanceSetupError";
}

/**
 * Runs the spec suites of the selected capabilities, one fresh saver per
 * capability, and returns the report. Never throws for a broken saver (that is
 * a failure in the report); throws `ConformanceUsageError` for misuse and
 * `ConformanceSetupError` when the lifespan's setup fails.
 * @public
 */
export async function validate(registered: RegisteredCheckpointer, options: ValidateOptions = {}): Promise<ConformanceReport> {
  if (!isRegisteredCheckpointer(registered)) {
    throw new ConformanceUsageError(
      `validate: the first argument must be what checkpointerTest() returns, got ${describeValue(registered)}`,
    );
  }
  const selected = selectCapabilities(options.capabilities);
  const timeoutMs = positive(options.timeoutMs, "timeoutMs") ?? registered.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const lifespanTimeoutMs =
    positive(options.lifespanTimeoutMs, "lifespanTimeoutMs") ?? registered.lifespanTimeoutMs ?? DEFAULT_LIFESPAN_TIMEOUT_MS;
  const grep = toMatcher(options.grep);
  // Misused section options (an unknown scenario id, ...) fail now, not after the suites ran.
  for (const section of SECTION_RUNNERS) await section.check?.(options);
  const progress = options.progress ?? {};
  const started = performance.now();
  const results: Partial<Record<Capability, CapabilityResult>> = {};
  const errors: string[] = [];
  const sections: ReportSection[] = [];

  progress.onRunStart?.({ checkpointerName: registered.name, capabilities: [...selected] });
  const stopCapture = captureUnhandledRejections((reason) =>
    errors.push(`the saver left a rejected promise unhandled outside any test: ${errorText(reason)}`),
  );
  try {
    let lifespan;
    try {
      lifespan = await withTimeoutReleasing(registered.enterLifespan(), lifespanTimeoutMs, () => "in the lifespan's setup", (late) => late.end());
    } catch (error) {
      throw new ConformanceSetupError(`${registered.name}: the lifespan's setup failed: ${errorText(error)}`, { cause: error });
    }
    try {
      for (const { id } of CAPABILITIES) {
        const runner = new CapabilityRun(registered, id, timeoutMs, grep, progress);
        if (!selected.has(id)) results[id] = runner.skipped("not selected (the capabilities option)");
        else if (registered.skipCapabilities.has(id)) results[id] = runner.skipped("skipped by skipCapabilities");
        else results[id] = await runner.run();
      }
      for (const section of SECTION_RUNNERS) {
        try {
          const added = await section.run({ registered, options, results, timeoutMs, progress });
          if (added) sections.push(added);
        } catch (error) {
          errors.push(`the ${section.key} section failed to run: ${errorText(error)}`);
        }
      }
    } finally {
      try {
        await withTimeout(lifespan.end(), lifespanTimeoutMs, () => "in the lifespan's teardown");
      } catch (error) {
        errors.push(`the lifespan's teardown failed: ${errorText(error)}`);
      }
    }
  } finally {
    await settleTick();
    stopCapture();
  }
  const report = new ConformanceReport({
    checkpointerName: registered.name,
    results,
    errors,
    durationMs: performance.now() - started,
    sections,
  });
  progress.onRunEnd?.(report);
  return report;
}

class CapabilityRun {
  private readonly started = performance.now();

  constructor(
    private readonly registered: RegisteredCheckpointer,
    private readonly capability: Capability,
    private readonly timeoutMs: number,
    private readonly grep: ((test: SpecTest) => boolean) | undefined,
    private readonly progress: ProgressHooks,
  ) {}

  skipped(reason: string): CapabilityResult {
    this.progress.onCapabilityStart?.(this.capability, false);
    return this.finish({ status: "skipped", reason, detected: false, inherited: false, tests: [] });
  }

  async run(): Promise<CapabilityResult> {
    let lease: SaverLease;
    try {
      lease = await withTimeoutReleasing(this.registered.create(), this.timeoutMs, () => "in the factory (creating a saver)", (late) => late.release());
    } catch (error) {
      this.progress.onCapabilityStart?.(this.capability, false);
      const test = lifecycleFailure("factory", `the factory failed to produce a saver: ${errorText(error)}`, error);
      this.report(test);
      return this.finish({ status: "failed", detected: false, inherited: false, tests: [test] });
    }
    let result: CapabilityDraft;
    try {
      result = await this.runWith(lease.saver);
    } catch (error) {
      // A bug in the runner itself: still reported, and cleanup still runs.
      result = { status: "failed", detected: false, inherited: false, tests: [lifecycleFailure("runner", errorText(error), error)] };
    }
    try {
      await withTimeout(lease.release(), this.timeoutMs, () => "in the factory's cleanup (the code after yield)");
    } catch (error) {
      const test = lifecycleFailure("factory_cleanup", `the factory's cleanup failed: ${errorText(error)}`, error);
      this.report(test);
      result = { ...result, status: "failed", tests: [...result.tests, test] } as typeof result;
    }
    return this.finish(result);
  }

  private async runWith(saver: BaseCheckpointSaver): Promise<CapabilityDraft> {
    const info = capabilityInfo(this.capability);
    const detection = detectCapability(saver, this.capability);
    const runs = detection.kind === "detected" || detection.kind === "inherited";
    const inherited = detection.kind === "inherited";
    this.progress.onCapabilityStart?.(this.capability, runs);
    if (!runs) {
      const reason = (detection as Extract<Detection, { reason: string }>).reason;
      if (info.kind === "base") {
        const test = lifecycleFailure(`${info.method}_exists`, requiredOfEverySaver(info, reason));
        this.report(test);
        return { status: "failed", detected: false, inherited: false, tests: [test] };
      }
      return { status: "not-implemented", reason, detected: false, inherited: false, tests: [] };
    }
    const spec = specFor(this.capability);
    if (!spec || spec.tests.length === 0) {
      return { status: "skipped", reason: "this version has no spec tests for it", detected: !inherited, inherited, tests: [] };
    }
    const tests: TestResult[] = [];
    for (const test of spec.tests) {
      if (this.grep && !this.grep(test)) continue;
      const result = await this.runTest(test, saver);
      tests.push(result);
      this.report(result);
    }
    const notImplemented = info.kind === "extended" ? throwsNotImplemented(tests, info.method) : undefined;
    if (notImplemented) {
      return { status: "not-implemented", reason: notImplemented, detected: !inherited, inherited, tests: [] };
    }
    if (tests.length === 0) {
      return { status: "skipped", reason: "no spec test matches the grep option", detected: !inherited, inherited, tests };
    }
    const failed = tests.some(isCountedFailure);
    return { status: failed ? "failed" : "passed", detected: !inherited, inherited, tests };
  }

  private runTest(test: SpecTest, saver: BaseCheckpointSaver): Promise<TestResult> {
    return runSpecTest({ registered: this.registered, capability: this.capability, test, saver, timeoutMs: this.timeoutMs });
  }

  private report(result: TestResult): void {
    const error = result.status === "failed" ? result.failure.message : undefined;
    this.progress.onTestResult?.(this.capability, result.name, result.status === "passed", error, result);
  }

  private finish(partial: CapabilityDraft): CapabilityResult {
    const result = {
      ...partial,
      capability: this.capability,
      kind: capabilityInfo(this.capability).kind,
      durationMs: performance.now() - this.started,
    } as CapabilityResult;
    this.progress.onCapabilityEnd?.(this.capability, result);
    return result;
  }
}

function lifecycleFailure(name: string, message: string, error?: unknown): TestResult {
  return {
    status: "failed",
    name,
    ids: [],
    description: "the saver's lifecycle",
    advisory: false,
    durationMs: 0,
    failure: { message, errorName: error instanceof Error ? error.name : "Error", thrownBySaver: true },
  };
}

/** An extended method that only throws "not implemented" is reported as not implemented. */
function throwsNotImplemented(tests: readonly TestResult[], method: string): string | undefined {
  const required = tests.filter((t) => !t.advisory && t.status !== "skipped");
  if (required.length === 0) return undefined;
  const allNotImplemented = required.every(
    (t) => t.status === "failed" && t.failure.thrownBySaver && /not\s*implemented/i.test(t.failure.message),
  );
  return allNotImplemented ? `${method}() exists but throws "not implemented" in every test` : undefined;
}

function selectCapabilities(capabilities: ValidateOptions["capabilities"]): Set<Capability> {
  if (capabilities === undefined) return new Set(CAPABILITY_IDS);
  const list = [...capabilities];
  for (const cap of list) {
    if (!isCapability(cap)) {
      throw new ConformanceUsageError(
        `validate: option "capabilities" has unknown capability ${describeValue(cap)}; known: ${CAPABILITY_IDS.join(", ")}`,
      );
    }
  }
  return new Set(list);
}

function positive(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !(value > 0)) {
    throw new ConformanceUsageError(`validate: option "${name}" must be a positive number of ms, got ${describeValue(value)}`);
  }
  return value;
}

/** The `grep` option as a predicate on spec tests (name, description or catalog id). */
export function toMatcher(grep: string | RegExp | undefined): ((test: SpecTest) => boolean) | undefined {
  if (grep === undefined || grep === "") return undefined;
  const re = typeof grep === "string" ? new RegExp(grep.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i") : grep;
  return (test) => re.test(test.name) || re.test(test.description) || test.ids.some((id) => re.test(id));
}
