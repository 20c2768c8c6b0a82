import { describe, expect, it } from "vitest";
import { expectedCounts } from "./expected-counts.js";
import { broken, correct, notImplemented } from "./fixtures/savers.js";
import { countStatus, runWithJsonReport } from "./json-report.js";

// A real jest 30 process on test/adapters/fixtures/jest (.cjs test files requiring the TypeScript sources).
describe("describeConformance under jest", { timeout: 300_000 }, () => {
  it("gives one test per spec test from jest's globals; failures match validate()", async () => {
    const { run, testsOf, fileOf } = await runWithJsonReport((outputFile) => [
      "node_modules/jest/bin/jest.js",
      "--config",
      "test/adapters/fixtures/jest/jest.config.cjs",
      "--json",
      `--outputFile=${outputFile}`,
    ]);
    expect(run.code, run.stderr).toBe(1);

    for (const [name, registered] of [
      ["correct.conformance.cjs", correct],
      ["broken.conformance.cjs", broken],
      ["not-implemented.conformance.cjs", notImplemented],
    ] as const) {
      const tests = testsOf(name);
      const expected = await expectedCounts(registered);
      // jest cannot skip a running test: a capability the saver lacks passes there, saying "not run" on stderr.
      expect({ passed: countStatus(tests, "passed"), failed: countStatus(tests, "failed") }, name).toEqual({
        passed: expected.passed + expected.notRun,
        failed: expected.failed,
      });
    }
    expect(run.stderr).toContain("not run: copy_thread not implemented: the saver has no copyThread() method");
    expect(run.stderr).toContain('not run: copy_thread not implemented: copyThread() exists but throws "not implemented" in every test');
    // What passing tests say (advisories, tests jest could not skip) is one block per suite, not a console.warn with a stack per test.
    expect(run.stderr).not.toContain("console.warn");
    expect(run.stderr.match(/: notes from passing tests \(none fails the run/g)?.length).toBeGreaterThan(0);
    const failure = testsOf("broken.conformance.cjs").find((t) => t.status === "failed")!;
    expect(failure.fullName).toMatch(/^DropsCustomMetadata conformance get_tuple test_\w+ \[[A-Z]+-\d+/);
    expect(failure.failureMessages[0]).toContain("ConformanceFailure: get_tuple › ");
    // No test of it fails, yet put_writes is not verified (docs/verdict.md): the suite's teardown fails the file.
    expect(countStatus(testsOf("loses-thread.conformance.cjs"), "failed")).toBe(0);
    expect(fileOf("loses-thread.conformance.cjs").status).toBe("failed");
    expect(run.stdout + run.stderr + JSON.stringify(fileOf("loses-thread.conformance.cjs"))).toMatch(
      /LosesThreadOnThirtyWrites: the run fails although none of its tests failed: BASE: .*not verified/,
    );
  });
});
