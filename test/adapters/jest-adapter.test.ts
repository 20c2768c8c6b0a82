import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectedCounts } from "./expected-counts.js";
import { broken, correct } from "./fixtures/savers.js";
import { runProcess } from "./run-process.js";

interface JestJson {
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

// A real jest 30 process on test/adapters/fixtures/jest (.cjs test files requiring the TypeScript sources).
describe("describeConformance under jest", { timeout: 300_000 }, () => {
  it("gives one test per spec test from jest's globals; failures match validate()", async () => {
    const dir = mkdtempSync(join(tmpdir(), "jest-adapter-"));
    const run = await runProcess(process.execPath, [
      "node_modules/jest/bin/jest.js",
      "--config",
      "test/adapters/fixtures/jest/jest.config.cjs",
      "--json",
      `--outputFile=${dir}/result.json`,
    ]);
    expect(run.code, run.stderr).toBe(1);
    const result = JSON.parse(readFileSync(`${dir}/result.json`, "utf8")) as JestJson;
    const file = (name: string) => result.testResults.find((f) => f.name.endsWith(name))!.assertionResults;
    const count = (tests: { status: string }[], status: string) => tests.filter((t) => t.status === status).length;

    for (const [name, registered] of [["correct.conformance.cjs", correct], ["broken.conformance.cjs", broken]] as const) {
      const tests = file(name);
      const expected = await expectedCounts(registered);
      // jest cannot skip a running test: a capability the saver lacks passes there, saying "not run" on stderr.
      expect({ passed: count(tests, "passed"), failed: count(tests, "failed") }, name).toEqual({
        passed: expected.passed + expected.notRun,
        failed: expected.failed,
      });
    }
    expect(run.stderr).toContain("not run: copy_thread not implemented: the saver has no copyThread() method");
    const failure = file("broken.conformance.cjs").find((t) => t.status === "failed")!;
    expect(failure.fullName).toMatch(/^DropsCustomMetadata conformance get_tuple test_\w+ \[[A-Z]+-\d+/);
    expect(failure.failureMessages[0]).toContain("ConformanceFailure: get_tuple › ");
  });
});
