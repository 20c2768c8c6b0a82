import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expectGone } from "../cli/misbehaving-run.js";
import { countStatus, runWithJsonReport, type JsonFileResult } from "./json-report.js";
import { runProcess } from "./run-process.js";
import { makeTempDir } from "../temp-dir.js";
import { nodeTestArgs } from "../cli/spawned-fixture.js";

// The savers of test/fixtures/misbehaving that make sense in a runner's own process (the cases are listed in
// test/adapters/fixtures/misbehaving/cases.ts), each in its own fixture file, run by each runner in a real process.
const FIXTURES = "test/adapters/fixtures/misbehaving";

/** A fresh folder the fixtures write their process ids into (misbehave.ts), to check that none is left running. */
function pidDir(): { env: NodeJS.ProcessEnv; expectNoneLeft(): void } {
  const dir = makeTempDir("adapters-misbehaving-pids-");
  return {
    env: { MISBEHAVE_PID_DIR: dir },
    expectNoneLeft() {
      const pids = readdirSync(dir).map(Number);
      expect(pids.length, "no fixture wrote its process id").toBeGreaterThan(0);
      for (const pid of pids) expectGone(pid);
    },
  };
}

const failureText = (file: JsonFileResult) => [file.message, ...file.assertionResults.flatMap((t) => t.failureMessages)].join("\n");

/** What vitest and jest must show for the savers they run through to the end (`extension`: the fixture files'). */
function expectVerdicts(fileOf: (name: string) => JsonFileResult, extension: string): void {
  const file = (name: string) => fileOf(`${name}.conformance.${extension}`);
  // A correct saver's output changes nothing.
  expect(file("console-noise").status, failureText(file("console-noise"))).toBe("passed");
  const throwing = file("constructor-throws").assertionResults;
  expect(countStatus(throwing, "failed"), "constructor-throws: every test fails").toBe(throwing.length);
  expect(throwing[0]!.failureMessages[0]).toContain("put: the factory failed to produce a saver: cannot connect to the database");
  // The dependency's exit hook runs when the process ends: the failures stay failures.
  expect(countStatus(file("exit-hook").assertionResults, "failed"), "exit-hook").toBeGreaterThan(0);
  expect(failureText(file("exit-hook"))).toMatch(/ConformanceFailure: put › test_\w+ \[/);
  // 500 ms, or more with the grace (up to 4×) when other work was in flight as the timeout fired (a loaded machine).
  expect(failureText(file("never-resolves"))).toMatch(/put › test_\w+ \[[^\]]+\]: [^\n]*\n\s*timed out after [\d,]+ ms in put\(\)/);
  expect(file("rejection-during-run").status).toBe("failed");
  expect(failureText(file("rejection-during-run"))).toContain("rejected in the saver's background work");
}

const exitLine = (saver: string, test: string) =>
  new RegExp(
    `checkpoint-conformance: process\\.exit\\(0\\) was called during put › ${test} before the ${saver} conformance suite finished \\(by the saver or a dependency\\); the run fails`,
  );

describe.concurrent("misbehaving savers in each test runner's own process", { timeout: 300_000 }, () => {
  it("vitest: every failing saver fails the run, a process.exit(0) in an advisory test too", async () => {
    const pids = pidDir();
    const { run, fileOf } = await runWithJsonReport(
      (outputFile) => [
        "node_modules/vitest/vitest.mjs",
        "run",
        "--config",
        `${FIXTURES}/vitest/vitest.config.ts`,
        "--reporter=json",
        `--outputFile.json=${outputFile}`,
        "--reporter=default",
      ],
      pids.env,
    );
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(1);
    expectVerdicts(fileOf, "ts");
    expect(fileOf("rejection-after-run.conformance.ts").status, "a rejection after the run, from a correct saver").toBe("passed");
    // vitest turns process.exit into an error from the saver's call; the guard fails the capability's teardown as well.
    expect(failureText(fileOf("exit-0.conformance.ts"))).toMatch(
      /process\.exit\(0\) was called during put › test_\w+ before the ExitsWithZero conformance suite finished/,
    );
    expect(fileOf("exit-0-in-advisory.conformance.ts").status).toBe("failed");
    expect(output).toMatch(
      /ConformanceFailure: process\.exit\(0\) was called during put › test_put_stores_only_changed_channels before the ExitsInAdvisoryTest conformance suite finished \(by the saver or a dependency\): a saver that ends the process cannot pass, advisory test or not/,
    );
    // An exception from the saver's timer is vitest's own run-level error, naming the file.
    expect(output).toContain("boom from the saver's timer");
    expect(output).toMatch(/This error originated in "throw-from-timer\.conformance\.ts" test file/);
    pids.expectNoneLeft();
  });

  it("jest (in band): every failing saver fails the run; a process.exit(0) ends jest with 1 and names the test", async () => {
    const pids = pidDir();
    const jest = ["node_modules/jest/bin/jest.js", "--config", `${FIXTURES}/jest/jest.config.cjs`, "--runInBand"];
    // In band, a saver's process.exit ends jest itself: those fixtures run on their own. A rejection after one file's
    // run (a correct saver) fails the file that runs next or crashes jest, as timing has it: not run here.
    const [main, exit0, exitInAdvisory] = await Promise.all([
      runWithJsonReport(
        (outputFile) => [...jest, "--testPathIgnorePatterns", "exit-0|rejection-after-run", "--json", `--outputFile=${outputFile}`],
        pids.env,
      ),
      runProcess(process.execPath, [...jest, "exit-0\\.conformance"], { env: pids.env }),
      runProcess(process.execPath, [...jest, "exit-0-in-advisory"], { env: pids.env }),
    ]);
    expect(main.run.code, main.run.stderr).toBe(1);
    expectVerdicts(main.fileOf, "cjs");
    // jest fails the file for an exception from the saver's timer ("Test suite failed to run").
    expect(main.fileOf("throw-from-timer.conformance.cjs").status).toBe("failed");
    expect(failureText(main.fileOf("throw-from-timer.conformance.cjs"))).toContain("boom from the saver's timer");

    expect(exit0.code, exit0.stderr).toBe(1);
    expect(exit0.stderr).toMatch(exitLine("ExitsWithZero", "test_\\w+"));
    expect(exitInAdvisory.code, exitInAdvisory.stderr).toBe(1);
    expect(exitInAdvisory.stderr).toMatch(exitLine("ExitsInAdvisoryTest", "test_put_stores_only_changed_channels"));
    pids.expectNoneLeft();
  });

  it("node --test: every failing saver fails its file and the run", async () => {
    const pids = pidDir();
    const args = nodeTestArgs(readdirSync(`${FIXTURES}/node`).map((f) => `${FIXTURES}/node/${f}`));
    const run = await runProcess(process.execPath, args, { env: pids.env });
    // The files' names as node:test shows them: the bundles' when the run made them.
    const extension = args.at(-1)!.endsWith(".js") ? "js" : "ts";
    expect(run.code, run.stderr).toBe(1);
    const topLevel = (verdict: "ok" | "not ok", name: string) => new RegExp(`^${verdict} \\d+ - ${name}$`, "m");
    expect(run.stdout).toMatch(topLevel("ok", "NoisySaver conformance"));
    // node:test also fails the file for the rejection its teardown left behind ("generated asynchronous activity after the test ended").
    expect(run.stdout).toMatch(topLevel("ok", "RejectsAfterRun conformance"));
    for (const saver of ["ThrowingConstructor", "BrokenBehindExitHook", "NeverResolves", "RejectsDuringRun"]) {
      expect(run.stdout).toMatch(topLevel("not ok", `${saver} conformance`));
    }
    // A process.exit ends the file's process with 1 (the guard), naming the test in flight; node:test fails the file.
    expect(run.stdout).toMatch(exitLine("ExitsWithZero", "test_\\w+"));
    expect(run.stdout).toMatch(exitLine("ExitsInAdvisoryTest", "test_put_stores_only_changed_channels"));
    for (const file of ["exit-0", "exit-0-in-advisory", "throw-from-timer"]) {
      expect(run.stdout).toMatch(topLevel("not ok", `.*/${file}\\.conformance\\.${extension}`));
    }
    expect(run.stdout).toContain("boom from the saver's timer");
    pids.expectNoneLeft();
  });
});
