import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { ReportDict } from "../../src/index.js";
import { fixtureScriptArgs } from "../cli/spawned-fixture.js";

const SCRIPT = "test/robustness/scripts/validate-hanging-saver.ts";

/** Runs the script (this run's bundle of it, or the TypeScript file through tsx); resolves when the process exits on its own (no kill, no process.exit in the script). */
function runScript(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, fixtureScriptArgs(SCRIPT), { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (child.exitCode ?? 1) : 0, stdout, stderr });
    });
  });
}

describe("a run against a hanging saver", () => {
  it("finishes, reports each hang as a timeout naming the method, and the process exits by itself", async () => {
    const { code, stdout, stderr } = await runScript();
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const dict = JSON.parse(stdout) as ReportDict;
    expect(dict.checkpointer_name).toBe("HangingSaver");
    const details = Object.values(dict.results).flatMap((r) => r.failure_details);
    // At least 3 timeouts in each of the 3 capabilities; the tests left out after them are no failures.
    expect(details.length).toBeGreaterThanOrEqual(9);
    // Tests run at once: a call pending past the timeout while others are in flight (and not hung themselves) gets the grace before it is a hang.
    const hang = /^timed out after [\d,]+ ms in (getTuple\(\)|list\(\) iteration)/;
    expect(details.find((d) => d.name === "test_put_roundtrip")?.message).toMatch(/^timed out after [\d,]+ ms in getTuple\(\)/);
    // The rest of a capability is not run once 3 tests in a row timed out, so the list() hang is named in a list test.
    expect(
      dict.results.list.failure_details.map((d) => d.message).some((m) => /^timed out after [\d,]+ ms in list\(\) iteration/.test(m)),
    ).toBe(true);
    expect(details.every((d) => hang.test(d.message) || !/timed out/.test(d.message))).toBe(true);
    // After 3 timeouts in a row the rest of the capability is not run (skipped, never a failure): a hung saver fails in seconds.
    expect(details.filter((d) => d.message.startsWith("not run"))).toEqual([]);
    expect(Object.values(dict.results).some((r) => r.tests_skipped > 0)).toBe(true);
    expect(dict.results.put.tests_passed).toBeGreaterThan(0);
  }, 120_000);
});
