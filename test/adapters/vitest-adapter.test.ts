import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectedCounts } from "./expected-counts.js";
import { broken, correct } from "./fixtures/savers.js";
import { runProcess } from "./run-process.js";

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

// A nested `vitest run` on test/adapters/fixtures/vitest: a real process, slow on a loaded machine.
describe("describeConformance under vitest", { timeout: 300_000 }, () => {
  it("gives one test per spec test: the correct saver passes, the broken one fails exactly where validate() does", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vitest-adapter-"));
    const run = await runProcess(process.execPath, [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--config",
      "test/adapters/fixtures/vitest/vitest.config.ts",
      "--reporter=json",
      `--outputFile=${dir}/result.json`,
    ]);
    expect(run.code, run.stderr).toBe(1);
    const result = JSON.parse(readFileSync(`${dir}/result.json`, "utf8")) as VitestJson;
    const file = (name: string) => result.testResults.find((f) => f.name.endsWith(name))!.assertionResults;
    const count = (tests: { status: string }[], status: string) => tests.filter((t) => t.status === status).length;

    for (const [name, registered] of [["correct.conformance.ts", correct], ["broken.conformance.ts", broken]] as const) {
      const tests = file(name);
      const expected = await expectedCounts(registered);
      expect({ passed: count(tests, "passed"), failed: count(tests, "failed"), notRun: count(tests, "skipped") }, name).toEqual(expected);
    }
    const failure = file("broken.conformance.ts").find((t) => t.status === "failed")!;
    expect(failure.fullName).toMatch(/^DropsCustomMetadata conformance get_tuple test_\w+ \[[A-Z]+-\d+/);
    expect(failure.failureMessages[0]).toContain("ConformanceFailure: get_tuple › ");
    expect(failure.failureMessages[0]).toMatch(/expected: .*\n\s+actual: /);
  });
});
