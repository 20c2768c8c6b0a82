import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ReportDict } from "../../src/index.js";
import { CRASHES_IN_A_ROW_TO_STOP } from "../../src/supervisor/run-tracker.js";
import { makeTempDir } from "../temp-dir.js";
import { expectGone, runMisbehaving } from "./misbehaving-run.js";

type Dict = ReportDict & { supervision?: Record<string, unknown> };
const CRASHING_TEST = "test_val_bytes_whole_write_values";

// A saver whose process dies on one test, every time (as a native client that panics): that test fails with the
// crash, named; a fresh process runs the rest. Concurrent: each case has its own processes and process-id file.
describe.concurrent("a crash does not end the verdict", { timeout: 240_000 }, () => {
  it("CRASH_HOW=abort on the advisory VAL-13: it fails, named; the rest of its capability and the next capability run", async () => {
    const json = join(makeTempDir("crash-resume-"), "report.json");
    const args = [
      "--capabilities",
      "put_writes,get_tuple",
      "--no-graph",
      "--model",
      "0",
      "--reporter",
      "verbose",
      "--reporter",
      `json:${json}`,
    ];
    const run = await runMisbehaving("crashes-on-bytes.ts", args, { CRASH_HOW: "abort" });
    expect(run.code, run.stderr).toBe(1);
    const dict = JSON.parse(readFileSync(json, "utf8")) as Dict;
    expect(dict.supervision, "a run that went on is not cut short").toBeUndefined();
    expect(dict.results.put_writes.failures).toEqual([
      `${CRASHING_TEST}: the saver's process was killed by SIGABRT during put_writes › ${CRASHING_TEST} (its stderr: thread '<unnamed>' panicked at src/value.rs:12:5:)`,
    ]);
    // The tests after it in put_writes ran in the fresh process (the ordering tests come after VAL-13).
    expect(dict.results.put_writes.tests_passed).toBeGreaterThan(30);
    expect(dict.results.get_tuple).toMatchObject({ status: "passed", passed: true });
    // One failed test, in a base capability: the level says that, and no more.
    expect(dict.conformance_level).toBe("BASE");
    // The progress shows the crash once, where the test ran, with the panic's last line; then the tests after it.
    expect(run.stdout.match(new RegExp(`✗ ${CRASHING_TEST} \\[VAL-13\\]`, "g"))).toHaveLength(1);
    expect(run.stdout).toContain("value too large for a blob");
    expect(run.stdout).toMatch(/✓ test_ord_write_index_past_ten \[ORD-01\]/);
    expect(run.stdout).not.toContain("RUN CUT SHORT");
    expectGone(run.saverPid);
  });

  it("several tests in flight at a crash: the one that causes it is found without running each of the others alone, and only it fails", async () => {
    const pids = makeTempDir("crash-culprit-pids-");
    const json = join(makeTempDir("crash-culprit-"), "report.json");
    const args = ["--concurrency", "4", "--capabilities", "put", "--no-graph", "--model", "0", "--reporter", `json:${json}`];
    const run = await runMisbehaving("aborts-on-big-put.ts", args, { MISBEHAVE_PID_DIR: pids });
    expect(run.code, run.stderr).toBe(1);
    const dict = JSON.parse(readFileSync(json, "utf8")) as Dict;
    const crashed = dict.results.put.failure_details.filter((d) => /the saver's process was killed by SIGABRT/.test(d.message));
    // One crash, one failure: the test whose put() aborts, named alone (not every test that was in flight with it).
    expect(crashed).toHaveLength(1);
    expect(crashed[0]!.message).toMatch(/^the saver's process was killed by SIGABRT during put › \S+ \(/);
    expect(crashed[0]!.message).not.toMatch(/during put › \S+, put › /);
    expect(dict.results.put.failure_details).toHaveLength(1);
    // The process that crashed, the one run of the culprit alone (its put() started last), the one that went on.
    expect(readdirSync(pids)).toHaveLength(3);
  });

  it.each([
    ["sigkill", "was killed by SIGKILL"],
    ["exit-3", "exited with code 3"],
  ])("CRASH_HOW=%s on the only test selected: it fails, named, and nothing is left to run", async (how, ended) => {
    const run = await runMisbehaving(
      "crashes-on-bytes.ts",
      ["--capabilities", "put_writes", "--grep", CRASHING_TEST, "--no-graph", "--model", "0", "--reporter", "json"],
      { CRASH_HOW: how },
    );
    expect(run.code, run.stderr).toBe(1);
    const dict = JSON.parse(run.stdout) as Dict;
    expect(dict.supervision).toBeUndefined();
    expect(dict.results.put_writes.failures).toEqual([
      expect.stringMatching(new RegExp(`^${CRASHING_TEST}: the saver's process ${ended} during put_writes › ${CRASHING_TEST}`)),
    ]);
    expect(dict.conformance_level).toBe("NONE");
    expectGone(run.saverPid);
  });

  it(`a factory that crashes every process: after ${CRASHES_IN_A_ROW_TO_STOP} crashes in a row that finished nothing, the run stops and says why`, async () => {
    const run = await runMisbehaving("factory-aborts.ts", [
      "--capabilities",
      "put,put_writes,get_tuple,list",
      "--no-graph",
      "--model",
      "0",
      "--reporter",
      "json",
    ]);
    expect(run.code, run.stderr).toBe(1);
    const dict = JSON.parse(run.stdout) as Dict;
    for (const capability of ["put", "put_writes", "get_tuple"] as const) {
      // process.abort() prints Node's native stack on stderr: its first line and last lines follow the sentence.
      expect(dict.results[capability].failures).toEqual([
        expect.stringMatching(
          new RegExp(`^factory: the saver's process was killed by SIGABRT during ${capability} \\(creating its saver\\) \\(its stderr: `),
        ),
      ]);
    }
    expect(dict.results.list).toMatchObject({ status: "skipped" });
    expect(dict.supervision).toMatchObject({
      cut_short: true,
      outcome: "killed",
      crashes: [expect.any(String), expect.any(String), expect.any(String)],
    });
    expect(String(dict.supervision!.message)).toMatch(/^the saver's process was killed by SIGABRT during get_tuple \(creating its saver\)/);
    expect(dict.conformance_level).toBe("NONE");
  });
});
