// Node's types for the public declarations, as in src/index.ts.
/// <reference types="node" preserve="true" />
import { ConformanceUsageError, type AnyRegistration } from "../registration.js";
import type { ValidationInitializer } from "../engine/validation-initializer.js";
import { defineConformance, type ConformanceSuiteOptions, type RunnerBinding } from "./define-conformance.js";

type Body = (...args: unknown[]) => unknown;
type TestFn = ((name: string, fn: Body, timeout?: number) => void) & { skip(name: string, fn: Body): void };

/** vitest's or jest's own functions: `import { describe, it, beforeAll, afterAll } from "vitest"`. @public */
export interface TestRunnerFunctions {
  describe(name: string, fn: () => void): void;
  it: TestFn;
  beforeAll(fn: () => Promise<void>, timeout?: number): void;
  afterAll(fn: () => Promise<void>, timeout?: number): void;
}

/** @public */
export interface DescribeConformanceOptions extends ConformanceSuiteOptions {
  /** The runner's describe/it/beforeAll/afterAll. Default: the globals (jest, vitest with `globals: true`). */
  runner?: TestRunnerFunctions;
}

/**
 * Registers the conformance suite in vitest or jest: one `describe` per
 * capability, one test per spec test (named `test_name [CATALOG-IDS]`), the
 * lifespan in beforeAll/afterAll and a fresh saver per capability.
 *
 * ```ts
 * import { describe, it, beforeAll, afterAll } from "vitest";
 * describeConformance(mySaver, { runner: { describe, it, beforeAll, afterAll } });
 * ```
 * @public
 */
export function describeConformance(registered: AnyRegistration | ValidationInitializer, options: DescribeConformanceOptions = {}): void {
  defineConformance(registered, options, bindRunner(options.runner ?? globalRunner()), "describeConformance");
}

function globalRunner(): TestRunnerFunctions {
  const g = globalThis as Partial<TestRunnerFunctions> & { test?: TestFn };
  const it = g.it ?? g.test;
  if (
    typeof g.describe !== "function" ||
    typeof it !== "function" ||
    typeof g.beforeAll !== "function" ||
    typeof g.afterAll !== "function"
  ) {
    throw new ConformanceUsageError(
      'describeConformance: no describe/it/beforeAll/afterAll globals; pass them: import { describe, it, beforeAll, afterAll } from "vitest" and call describeConformance(saver, { runner: { describe, it, beforeAll, afterAll } }), or set test.globals: true',
    );
  }
  return { describe: g.describe, it, beforeAll: g.beforeAll, afterAll: g.afterAll };
}

function bindRunner(fns: TestRunnerFunctions): RunnerBinding {
  return {
    describe: (name, body) => fns.describe(name, body),
    // Rest parameters keep the function's length 0: jest would otherwise wait for a `done` callback.
    test: (name, body, timeoutMs) =>
      fns.it(
        name,
        (...args: unknown[]) => {
          const context = args[0] as { skip?: (note?: string) => void } | undefined;
          return body({
            skip(reason) {
              if (typeof context?.skip !== "function") return false;
              context.skip(reason);
              return true;
            },
          });
        },
        timeoutMs,
      ),
    skippedTest: (name) => fns.it.skip(name, () => undefined),
    beforeAll: (fn, timeoutMs) => fns.beforeAll(fn, timeoutMs),
    afterAll: (fn, timeoutMs) => fns.afterAll(fn, timeoutMs),
  };
}

export type { ConformanceSuiteOptions } from "./define-conformance.js";
