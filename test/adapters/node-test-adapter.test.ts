import { describe, expect, it } from "vitest";
import { expectedCounts } from "./expected-counts.js";
import { broken, correct, notImplemented } from "./fixtures/savers.js";
import { runProcess } from "./run-process.js";
import { nodeTestArgs } from "../cli/spawned-fixture.js";

/** The summary lines of node:test's TAP reporter: `# pass 12`, ... */
function tapCounts(tap: string): { passed: number; failed: number; notRun: number } {
  const read = (key: string) => Number(new RegExp(`^# ${key} (\\d+)$`, "m").exec(tap)?.[1]);
  return { passed: read("pass"), failed: read("fail"), notRun: read("skipped") };
}

// `node --test` in its own process, on test/adapters/fixtures/node.
describe.concurrent("describeConformance under node --test", { timeout: 300_000 }, () => {
  it.each([
    ["correct", correct, 0],
    ["broken", broken, 1],
    ["not-implemented", notImplemented, 0],
  ] as const)("the %s saver: one test per spec test, verdicts as validate()", async (name, registered, exitCode) => {
    const run = await runProcess(process.execPath, nodeTestArgs([`test/adapters/fixtures/node/${name}.conformance.ts`]));
    expect(run.code, run.stderr).toBe(exitCode);
    expect(tapCounts(run.stdout)).toEqual(await expectedCounts(registered));
    const copyThread =
      name === "not-implemented"
        ? /# SKIP copy_thread not implemented: copyThread\(\) exists but throws "not implemented" in every test/
        : /# SKIP copy_thread not implemented: the saver has no copyThread\(\) method/;
    expect(run.stdout).toMatch(copyThread);
    if (name === "broken") expect(run.stdout).toMatch(/name: 'ConformanceFailure'/);
  });

  it("a saver whose only bug hides behind a precondition: no test fails, yet the file fails (put_writes not verified)", async () => {
    const run = await runProcess(process.execPath, nodeTestArgs(["test/adapters/fixtures/node/loses-thread.conformance.ts"]));
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^not ok \d+ - LosesThreadOnThirtyWrites conformance$/m);
    expect(run.stdout).toMatch(/LosesThreadOnThirtyWrites: the run fails although none of its tests failed: BASE: .*not verified/);
  });

  it("a saver whose only bug the model mode finds: the model test fails and so does the file, as in validate()", async () => {
    const run = await runProcess(process.execPath, nodeTestArgs(["test/adapters/fixtures/node/model-only.conformance.ts"]));
    expect(run.code, run.stderr).toBe(1);
    expect(tapCounts(run.stdout).failed).toBe(1);
    expect(run.stdout).toMatch(/^\s*not ok \d+ - model$/m);
    expect(run.stdout).toMatch(/list\(\)/);
  });
});
