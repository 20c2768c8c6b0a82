import { describe, expect, it } from "vitest";
import { parseCliArgs } from "../../src/cli/args.js";
import { toValidateOptions } from "../../src/cli/options.js";
import { expectUsageError } from "./expect-usage-error.js";
import { runInProcess } from "./run-cli-in-process.js";
import { FIXTURES } from "./run-cli-process.js";
import { spawnedFixture } from "./spawned-fixture.js";

const FLAKY = spawnedFixture(`${FIXTURES}/flaky-delete-thread.ts`);
const NOOP = spawnedFixture(`${FIXTURES}/noop-delete-thread.ts`);
const DT01 = "test_delete_thread_removes_checkpoints";
/** One test, so the run's only failure is the flaky one; the saver runs supervised, in its own process. */
const ONE = ["--capabilities", "delete_thread", "--grep", DT01, "--reporter", "dots"];

describe.concurrent("CLI: --retries and --allow-flaky (supervised runs)", { timeout: 120_000 }, () => {
  it("a test that fails, then passes is reported FLAKY and exits 1", async () => {
    const run = await runInProcess([FLAKY, ...ONE]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain(`✗ delete_thread › ${DT01} [DT-01] — FLAKY: failed, then passed (2 attempts): after deleteThread(T)`);
    expect(run.stdout).toContain("Result: NONE (0/1); 1 flaky (FlakyDeleteThread)");
  });

  it("--allow-flaky: exit 0, still reported flaky", async () => {
    const run = await runInProcess([FLAKY, ...ONE, "--allow-flaky", "--reporter", "json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Result: FULL (1/1); 1 flaky (allowed)");
    const json = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as { summary: { flaky: number; passed: boolean } };
    expect(json.summary).toMatchObject({ flaky: 1, passed: true });
  });

  it("--retries 0: the first failure is a plain failure", async () => {
    const run = await runInProcess([FLAKY, ...ONE, "--retries", "0"]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain(`✗ delete_thread › ${DT01} [DT-01]: after deleteThread(T)`);
    expect(run.stdout).not.toContain("FLAKY");
    expect(run.stdout).toContain("Result: NONE (0/1) (FlakyDeleteThread)");
  });

  it("a deterministic failure does not show its attempts: they failed the same way (issue 39); the JSON report keeps the count", async () => {
    const run = await runInProcess([NOOP, ...ONE]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain(`✗ delete_thread › ${DT01} [DT-01]: after deleteThread(T)`);
    expect(run.stdout).not.toContain("attempts");
    const three = await runInProcess([NOOP, ...ONE, "--retries", "2", "--reporter", "json"]);
    expect(three.stdout).toMatch(/"attempts":\s*3\b/);
    expect(three.stdout).not.toContain("attempts_differed");
  });

  it("maps to validate()'s options; a bad value is a usage error", async () => {
    const options = (...args: string[]) => toValidateOptions(parseCliArgs(["x.ts", ...args]).options);
    expect(options("--retries", "3", "--allow-flaky")).toEqual({ retries: 3, allowFlaky: true });
    expect(options("--retries", "0")).toEqual({ retries: 0 });
    expect(options()).toEqual({});
    expectUsageError(await runInProcess([FLAKY, "--retries", "-1"]), "--retries");
    expectUsageError(await runInProcess([FLAKY, "--retries", "x"]), "--retries must be a whole number");
    expectUsageError(await runInProcess([FLAKY, "--retries", "11"]), "--retries must be a whole number from 0 to 10");
  });
});
