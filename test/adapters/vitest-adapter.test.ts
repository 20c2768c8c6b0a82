import { describe, expect, it } from "vitest";
import { expectedCounts } from "./expected-counts.js";
import { broken, correct, notImplemented } from "./fixtures/savers.js";
import { countStatus, runWithJsonReport } from "./json-report.js";

// A nested `vitest run` on test/adapters/fixtures/vitest: a real process, slow on a loaded machine.
describe("describeConformance under vitest", { timeout: 300_000 }, () => {
  it("gives one test per spec test: the correct saver passes, the broken one fails exactly where validate() does", async () => {
    const { run, testsOf, fileOf } = await runWithJsonReport((outputFile) => [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--config",
      "test/adapters/fixtures/vitest/vitest.config.ts",
      "--reporter=json",
      `--outputFile.json=${outputFile}`,
      // The suite-level error (a teardown hook's) is shown by the default reporter, not in the JSON file.
      "--reporter=default",
    ]);
    expect(run.code, run.stderr).toBe(1);

    for (const [name, registered] of [
      ["correct.conformance.ts", correct],
      ["broken.conformance.ts", broken],
      ["not-implemented.conformance.ts", notImplemented],
    ] as const) {
      const tests = testsOf(name);
      const expected = await expectedCounts(registered);
      expect(
        { passed: countStatus(tests, "passed"), failed: countStatus(tests, "failed"), notRun: countStatus(tests, "skipped") },
        name,
      ).toEqual(expected);
    }
    const failure = testsOf("broken.conformance.ts").find((t) => t.status === "failed")!;
    expect(failure.fullName).toMatch(/^DropsCustomMetadata conformance get_tuple test_\w+ \[[A-Z]+-\d+/);
    expect(failure.failureMessages[0]).toContain("ConformanceFailure: get_tuple › ");
    expect(failure.failureMessages[0]).toMatch(/expected: .*\n\s+actual: /);
    // No test of it fails, yet put_writes is not verified (docs/verdict.md): the suite's teardown fails the file.
    expect(countStatus(testsOf("loses-thread.conformance.ts"), "failed")).toBe(0);
    expect(fileOf("loses-thread.conformance.ts").status).toBe("failed");
    expect(run.stdout + run.stderr).toMatch(
      /LosesThreadOnThirtyWrites: the run fails although none of its tests failed: BASE: .*not verified/,
    );
  });
});
