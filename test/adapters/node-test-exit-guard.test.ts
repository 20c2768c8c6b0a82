import { describe, expect, it } from "vitest";
import { runProcess } from "./run-process.js";
import { fixtureScriptArgs, nodeTestArgs } from "../cli/spawned-fixture.js";

// A saver that calls process.exit(0) inside `node --test`: without the adapter's guard the file's
// process ends with code 0 and the runner reports only the tests that passed before it.
describe("describeConformance under node --test, when the saver calls process.exit(0)", { timeout: 300_000 }, () => {
  it("fails the run and names the test in flight", async () => {
    const run = await runProcess(process.execPath, nodeTestArgs(["test/adapters/fixtures/node-misbehaving/exit-0.conformance.ts"]));
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      /checkpoint-conformance: process\.exit\(0\) was called during put › test_\w+ before the ExitsWithZero conformance suite finished \(by the saver or a dependency\); the run fails/,
    );
    expect(Number(/^# fail (\d+)$/m.exec(run.stdout)?.[1])).toBeGreaterThan(0);
  });

  it("a dependency's exit hook calling process.exit(0) does not turn a failing run into exit 0", async () => {
    // The file run as a script (no --test): the hook's process.exit(0) is this process's own exit.
    const run = await runProcess(
      process.execPath,
      fixtureScriptArgs("test/adapters/fixtures/node-misbehaving/exit-hook.conformance.ts", ["--test-reporter=tap"]),
    );
    expect(run.code, run.stderr).toBe(1);
    expect(Number(/^# fail (\d+)$/m.exec(run.stdout)?.[1])).toBeGreaterThan(0);
  });
});
