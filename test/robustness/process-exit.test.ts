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
    expect(details.length).toBeGreaterThan(10);
    // Tests run at once: a call pending past the timeout while others are in flight gets the grace (4×) before it is a hang.
    expect(details.find((d) => d.name === "test_put_roundtrip")?.message).toMatch(/^timed out after (100|400) ms in getTuple\(\)/);
    // The rest of a capability is not run once 3 tests in a row timed out, so the list() hang is named in a list test.
    expect(dict.results.list.failure_details.map((d) => d.message).some((m) => /^timed out after (100|400) ms in list\(\) iteration/.test(m))).toBe(true);
    const hung = (d: { message: string }) =>
      /^timed out after (100|400) ms in (getTuple\(\)|list\(\) iteration)/.test(d.message) || d.message.startsWith("not run: the saver stopped answering");
    expect(details.every((d) => hung(d) || !/timed out/.test(d.message))).toBe(true);
    // After 3 timeouts in a row the rest of the capability is not run: a hung saver fails in seconds.
    expect(details.some((d) => d.message.startsWith("not run: the saver stopped answering (3 tests in a row timed out after 100 ms each"))).toBe(true);
    expect(dict.results.put.tests_passed).toBeGreaterThan(0);
  }, 120_000);
});
