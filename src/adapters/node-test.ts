// Node's types for the public declarations, as in src/index.ts.
/// <reference types="node" preserve="true" />
import { after, before, describe, it } from "node:test";
import type { AnyRegistration } from "../registration.js";
import type { ValidationInitializer } from "../engine/validation-initializer.js";
import { defineConformance, type ConformanceSuiteOptions, type RunnerBinding } from "./define-conformance.js";

const nodeTest: RunnerBinding = {
  describe: (name, body) => void describe(name, body),
  test: (name, body, timeout) =>
    void it(name, { timeout }, async (t) => {
      await body({
        skip(reason) {
          t.skip(reason);
          return true;
        },
      });
    }),
  skippedTest: (name, reason) => void it(name, { skip: reason }, () => undefined),
  beforeAll: (fn, timeout) => void before(fn, { timeout }),
  afterAll: (fn, timeout) => void after(fn, { timeout }),
};

/**
 * Registers the conformance suite with `node:test`: one `describe` per
 * capability, one `it` per spec test, the lifespan in before/after and a
 * fresh saver per capability. Run it with `node --test`.
 * @public
 */
export function describeConformance(registered: AnyRegistration | ValidationInitializer, options: ConformanceSuiteOptions = {}): void {
  defineConformance(registered, options, nodeTest, "describeConformance");
}

export type { ConformanceSuiteOptions } from "./define-conformance.js";
