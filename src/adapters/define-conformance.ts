import { CAPABILITIES, type Capability } from "../capabilities.js";
import { ConformanceUsageError, type LifespanLease, type RegisteredCheckpointer } from "../registration.js";
import { describeValue } from "../engine/describe-value.js";
import { CapabilitySession } from "../engine/capability-session.js";
import { DEFAULT_LIFESPAN_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, toMatcher } from "../engine/validate.js";
import { findDeviation } from "../engine/run-spec-test.js";
import { specFor } from "../spec/index.js";
import type { SpecTest } from "../spec/types.js";
import { withTimeout } from "../engine/timeout.js";
import { toRegistration, type ValidationInitializer } from "../engine/validation-initializer.js";

/** @public */
export interface ConformanceSuiteOptions {
  /** Only these capabilities get a describe block. Default: all. */
  capabilities?: readonly Capability[];
  /** Only spec tests whose name, description or catalog id matches. */
  grep?: string | RegExp;
  /** Per spec test and per factory step, in ms. Default: the registration's, else 5000. */
  timeoutMs?: number;
  /** For the lifespan's setup and teardown, in ms. Default: the registration's, else 120000. */
  lifespanTimeoutMs?: number;
}

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

/** The lifecycle for hooks: setup and teardown get a margin over our own timeouts so ours fire first, with a clearer message. */
const HOOK_MARGIN_MS = 1_000;

/**
 * One describe for the saver, one per capability, one test per spec test:
 * lifespan around everything, a fresh saver per capability.
 */
export function defineConformance(
  input: RegisteredCheckpointer | ValidationInitializer,
  options: ConformanceSuiteOptions,
  runner: RunnerBinding,
  caller: string,
): void {
  const registered = toRegistration(input);
  if (!registered) {
    throw new ConformanceUsageError(
      `${caller}: the first argument must be what checkpointerTest() returns (or a validation-package initializer), got ${describeValue(input)}`,
    );
  }
  const timeoutMs = options.timeoutMs ?? registered.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const lifespanTimeoutMs = options.lifespanTimeoutMs ?? registered.lifespanTimeoutMs ?? DEFAULT_LIFESPAN_TIMEOUT_MS;
  const matches = toMatcher(options.grep) ?? (() => true);

  runner.describe(`${registered.name} conformance`, () => {
    let lifespan: LifespanLease | undefined;
    runner.beforeAll(async () => {
      lifespan = await withTimeout(registered.enterLifespan(), lifespanTimeoutMs, () => "in the lifespan's setup");
    }, lifespanTimeoutMs + HOOK_MARGIN_MS);
    runner.afterAll(async () => {
      await withTimeout(lifespan?.end() ?? Promise.resolve(), lifespanTimeoutMs, () => "in the lifespan's teardown");
    }, lifespanTimeoutMs + HOOK_MARGIN_MS);

    for (const { id: capability } of CAPABILITIES) {
      if (options.capabilities && !options.capabilities.includes(capability)) continue;
      const tests = (specFor(capability)?.tests ?? []).filter(matches);
      if (tests.length === 0) continue;
      runner.describe(capability, () => {
        if (registered.skipCapabilities.has(capability)) {
          for (const test of tests) runner.skippedTest(testTitle(registered, test), "skipped by skipCapabilities");
          return;
        }
        let session: CapabilitySession | undefined;
        runner.beforeAll(async () => {
          session = await CapabilitySession.open(registered, capability, timeoutMs);
        }, timeoutMs + HOOK_MARGIN_MS);
        runner.afterAll(async () => {
          await session?.close();
        }, timeoutMs + HOOK_MARGIN_MS);
        for (const test of tests) {
          runner.test(
            testTitle(registered, test),
            async (controls) => {
              if (!session) throw new ConformanceFailure(`${capability}: the saver for this capability was not created (see the beforeAll error)`);
              settle(capability, test, await session.run(test), controls);
            },
            // A test may create extra savers and clean them up, each within timeoutMs.
            3 * timeoutMs + HOOK_MARGIN_MS,
          );
        }
      });
    }
  });
}

/** `test_put_roundtrip [PUT-02]`, tagged when advisory or a declared deviation, so runners can filter by id. */
function testTitle(registered: RegisteredCheckpointer, test: SpecTest): string {
  const tags = [test.advisory ? "advisory" : "", findDeviation(registered.knownDeviations, test) ? "known deviation" : ""].filter(Boolean);
  return `${test.name} [${test.ids.join(", ")}]${tags.length > 0 ? ` (${tags.join(", ")})` : ""}`;
}

function settle(capability: Capability, test: SpecTest, outcome: Awaited<ReturnType<CapabilitySession["run"]>>, controls: TestControls): void {
  if (outcome.kind === "broken") throw new ConformanceFailure(`${capability}: ${outcome.message}`);
  if (outcome.kind === "not-run") return notRun(controls, `${capability} ${outcome.reason}`);
  const { result } = outcome;
  if (result.status === "skipped") return notRun(controls, result.reason);
  if (result.status === "passed") return;
  const heading = `${capability} › ${result.name} [${result.ids.join(", ")}]: ${result.description}`;
  if (result.advisory) {
    console.warn(`advisory (never fails): ${heading}\n${result.failure.message}`);
    return;
  }
  if (result.deviation !== undefined) {
    console.warn(`known deviation occurred: ${heading}\nreason: ${result.deviation}\n${result.failure.message}`);
    return;
  }
  throw new ConformanceFailure(`${heading}\n${result.failure.message}`);
}

/** Jest has no way to skip a running test: there the test passes and says on stderr that it did not run. */
function notRun(controls: TestControls, reason: string): void {
  if (!controls.skip(reason)) console.warn(`not run: ${reason}`);
}
