import type { AnyRegistration } from "../registration.js";
import { planSuite, type RunnerOutcome, type SuiteRunOptions } from "../engine/suite.js";
import type { ValidationInitializer } from "../engine/validation-initializer.js";
import { guardProcessExit, type ExitGuard, type ExitPolicy } from "../engine/exit-guard.js";
import { guardSuiteHandles } from "./handle-guard.js";
import { SuiteNotes } from "./suite-notes.js";
import { MAX_TIMEOUT_MS } from "../util/timeout.js";

/**
 * The options of `describeConformance`: `validate()`'s, with the same checks
 * and defaults (the model mode runs unless `model: false`; the graph scenarios
 * when `graph` asks for them), without its progress hooks (the runner shows
 * progress), plus the exit rule (`baseOnly`, see SuiteRunOptions). @public
 */
export type ConformanceSuiteOptions = SuiteRunOptions;

/** What a running test can do besides pass or throw. */
export interface TestControls {
  /** Marks the running test skipped, where the runner can (vitest, node:test). Returns whether it could. */
  skip(reason: string): boolean;
}

/** The few pieces of a test runner the adapters need, normalised. */
export interface RunnerBinding {
  describe(name: string, body: () => void): void;
  test(name: string, body: (controls: TestControls) => Promise<void>, timeoutMs: number): void;
  skippedTest(name: string, reason: string): void;
  beforeAll(fn: () => Promise<void>, timeoutMs: number): void;
  afterAll(fn: () => Promise<void>, timeoutMs: number): void;
}

/** A spec test's failure as the runner shows it: the test, its ids and clause, then our message, without our stack. */
export class ConformanceFailure extends Error {
  override readonly name = "ConformanceFailure";
  constructor(message: string) {
    super(message);
    this.stack = `${this.name}: ${message}`;
  }
}

/** Time a test needs once its capability ran in the setup hook: only reading the result. */
const SETTLE_TIMEOUT_MS = 5_000;
/** A section bounds its own calls (timeoutMs each, the model's time budget): the runner's limit is only a backstop. */
const SECTION_TIMEOUT_MS = MAX_TIMEOUT_MS;

/**
 * Maps the engine's suite onto a test runner: one describe for the saver (the
 * lifespan in its hooks), one per capability (the engine runs the capability
 * in its setup hook, exactly as validate() does), one test per spec test
 * showing that test's outcome. A `process.exit` before the suite finished
 * fails the run in every runner (see exit-guard.ts); a handle the saver left
 * open does not keep the runner's process alive (see handle-guard.ts).
 */
export function defineConformance(
  input: AnyRegistration | ValidationInitializer,
  options: ConformanceSuiteOptions,
  runner: RunnerBinding,
  caller: string,
): void {
  let guard: ExitGuard | undefined;
  // The engine runs each capability in its setup hook: its progress names the spec test in flight.
  const suite = planSuite(input, options, caller, {
    onTestStart: (capability, name) => guard?.progress.onTestStart(capability, name),
    onTestResult: (capability, name, passed, error, result) => guard?.progress.onTestResult(capability, name, passed, error, result),
  });
  guard = guardProcessExit(suiteExitPolicy(suite.title));
  const exitGuard = guard;
  // The saver's code runs only in these hooks: what they leave open is the saver's.
  const handles = guardSuiteHandles(suite.title);
  const notes = new SuiteNotes();
  runner.describe(suite.title, () => {
    runner.beforeAll(async () => {
      await suite.checkSections();
      await handles.run(() => suite.enterLifespan());
    }, suite.lifespanHookTimeoutMs);
    runner.afterAll(async () => {
      try {
        await handles.run(() => suite.endLifespan());
      } finally {
        exitGuard.finished();
        const block = notes.block(suite.title);
        if (block) process.stderr.write(block);
        const leaked = await handles.release();
        if (leaked) console.warn(leaked);
      }
      failOnContainedExits(exitGuard);
      const verdict = await suite.verdictFailure();
      if (verdict) throw new ConformanceFailure(verdict);
    }, suite.lifespanHookTimeoutMs);
    for (const capability of suite.capabilities) {
      runner.describe(capability.capability, () => {
        if (capability.skipped !== undefined) {
          for (const test of capability.tests) runner.skippedTest(test.title, capability.skipped);
          return;
        }
        runner.beforeAll(() => handles.run(() => capability.run()), capability.hookTimeoutMs);
        runner.afterAll(async () => {
          failOnContainedExits(exitGuard);
          const failure = capability.cleanupFailure();
          if (failure) throw new ConformanceFailure(failure);
        }, SETTLE_TIMEOUT_MS);
        for (const test of capability.tests) {
          runner.test(test.title, async (controls) => settle(capability.outcome(test.name), controls, notes), SETTLE_TIMEOUT_MS);
        }
      });
    }
    // After the capabilities, as in validate(): a saver whose only bug the model mode finds fails here too.
    for (const section of suite.sections) {
      runner.describe(section.key, () => {
        runner.test(
          section.key,
          async (controls) => {
            exitGuard.enter(section.key);
            try {
              settle(await handles.run(() => section.run()), controls, notes);
            } finally {
              exitGuard.leave();
            }
          },
          SECTION_TIMEOUT_MS,
        );
      });
    }
  });
}

/**
 * Inside a test runner the saver runs in the runner's own process: a
 * `process.exit(0)` would end it with code 0 and leave only the tests that had
 * passed so far in the runner's summary (node:test; jest running in band exits
 * 0 with no summary at all). Until the suite's last hook, any exit becomes
 * `process.exit(1)` with one line naming the test in flight.
 */
function suiteExitPolicy(suiteName: string): ExitPolicy {
  const describe = (code: number, during: string | undefined) =>
    `process.exit(${code}) was called${during ? ` during ${during}` : ""} before the ${suiteName} suite finished (by the saver or a dependency)`;
  return {
    exitCode: () => 1,
    describe,
    report: (code, during) => void process.stderr.write(`checkpoint-conformance: ${describe(code, during)}; the run fails\n`),
  };
}

/** Fails the hook (and so the run) for a `process.exit` the runner turned into an error, whichever test it hit. */
function failOnContainedExits(guard: ExitGuard): void {
  const exits = guard.takeContainedExits();
  if (exits.length > 0)
    throw new ConformanceFailure(`${exits.join("\n")}: a saver that ends the process cannot pass, advisory test or not`);
}

/** Throws for a failed test; what a passing test has to say goes to the suite's notes, shown once at its end. */
function settle(outcome: RunnerOutcome, controls: TestControls, notes: SuiteNotes): void {
  switch (outcome.kind) {
    case "passed":
      return;
    case "failed":
      throw new ConformanceFailure(outcome.message);
    case "noted":
      notes.note(outcome.message);
      return;
    case "skipped":
      // Jest has no way to skip a running test: there the test passes, and the notes say it did not run.
      if (!controls.skip(outcome.reason)) notes.notRunTest(outcome.reason);
  }
}
