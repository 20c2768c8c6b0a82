import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectGone, MISBEHAVING, runMisbehaving } from "./misbehaving-run.js";
import { cliNodeArgs, REPO_ROOT, runCliProcess } from "./run-cli-process.js";
import { spawnedFixture } from "./spawned-fixture.js";

const scratch = mkdtempSync(join(tmpdir(), "lgc-cli-io-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A shell pipeline from the repository root; resolves with what the shell printed (the CLI's own exit code included by the command). */
function shell(command: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", command], { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", () => resolve({ stdout, stderr }));
  });
}

// Concurrent: each case has its own processes and its own files in the scratch folder.
describe.concurrent("clean CLI I/O", { timeout: 240_000 }, () => {
  it.each([
    ["a correct saver", "test/cli/fixtures/memory.ts", "0"],
    ["a broken saver", "test/cli/fixtures/broken.ts", "1"],
  ])("| head -2 on %s: two lines, no EPIPE stack, the run's own exit code", async (_, module, code) => {
    const run = await shell(
      `node ${cliNodeArgs().join(" ")} ${spawnedFixture(module)} --capabilities put,list --reporter verbose | head -2; echo "exit=\${PIPESTATUS[0]}"`,
    );
    expect(run.stdout).toMatch(new RegExp(`^  put:\\n    ✓ test_\\w+ [^\\n]*\\nexit=${code}\\n$`));
    expect(run.stderr).toBe("");
  });

  it("an --output path that cannot be written: one line and exit 2, before anything runs", async () => {
    const file = join(scratch, "a-file");
    writeFileSync(file, "");
    const run = await runMisbehaving("leaked-interval.ts", ["--reporter", "json", "--output", join(file, "report.json")]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `checkpoint-conformance: cannot write the report to ${join(file, "report.json")}: cannot open it for writing (ENOTDIR); choose another --output/--reporter path\n`,
    );
    expect(run.stdout).toBe("");
    expect(run.saverPid, "the saver's module was never loaded").toBeUndefined();
  });

  it("a TypeScript syntax error: file:line:col, the message and the line with a caret; no stack; exit 2", async () => {
    const file = join(scratch, "syntax-error.ts");
    writeFileSync(
      file,
      'import { MemorySaver } from "@langchain/langgraph-checkpoint";\n\nconst broken: number = ;\n\nexport default broken;\n',
    );
    const run = await runCliProcess([file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `checkpoint-conformance: ${file}:3:24: Unexpected ";"\n3 | const broken: number = ;\n  |                        ^\n`,
    );
    expect(run.stdout).toBe("");
  });

  it("a module whose top-level await never settles: one line after the load timeout, exit 2, nothing left running", async () => {
    // Long enough for the fixture's imports to load on a busy machine: the pid file is written after them.
    const run = await runMisbehaving("top-level-await-hangs.ts", [], { CONFORMANCE_LOAD_TIMEOUT_MS: "15000" });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `checkpoint-conformance: loading ${spawnedFixture(`${MISBEHAVING}/top-level-await-hangs.ts`)} did not finish within 15 s (a top-level await that never settles?); fix the module, or raise CONFORMANCE_LOAD_TIMEOUT_MS\n`,
    );
    expectGone(run.saverPid);
  });

  it("Ctrl-C (SIGINT to the CLI's process group) mid-run: a partial report marked interrupted, exit 130, nothing left running", async () => {
    const pidFile = join(scratch, "interrupt.pid");
    // Serial: the 3rd put (in the second test) never settles and the timeout is long: the signal comes while that test is in flight.
    const cli = spawn(
      process.execPath,
      [
        ...cliNodeArgs(),
        spawnedFixture(`${MISBEHAVING}/never-resolves.ts`),
        "--timeout",
        "60000",
        "--reporter",
        "verbose",
        "--concurrency",
        "1",
      ],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, NO_COLOR: "1", MISBEHAVE_PID_FILE: pidFile },
        detached: true,
      },
    );
    let stdout = "";
    const exited = new Promise<number | null>((resolve) => cli.on("close", (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      cli.stdout.on("data", (d) => {
        stdout += d;
        if (stdout.includes("✓ test_")) resolve();
      });
    });
    process.kill(-cli.pid!, "SIGINT");
    expect(await exited).toBe(130);
    // In the second test, or (when the signal beats the child's next message) between the first and the second.
    expect(stdout).toMatch(
      /INTERRUPTED\n\s+interrupted by SIGINT during put( › test_\w+| \(after test_put_returns_config\)); \d+ tests not run\./,
    );
    expect(existsSync(pidFile)).toBe(true);
    expectGone(Number(readFileSync(pidFile, "utf8")));
  });
});
