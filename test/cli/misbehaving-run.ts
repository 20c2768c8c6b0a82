import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { runCliProcess, type CliRun } from "./run-cli-process.js";
import { spawnedFixture } from "./spawned-fixture.js";

export const MISBEHAVING = "test/fixtures/misbehaving";

/**
 * Runs the CLI on a misbehaving fixture and returns the run plus the process id
 * of the process the saver ran in (the fixtures write it), to check it is gone.
 */
export async function runMisbehaving(
  fixture: string,
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun & { saverPid?: number }> {
  const dir = mkdtempSync(join(tmpdir(), "lgc-misbehaving-"));
  try {
    const pidFile = join(dir, "pid");
    // Serial unless asked: the fixtures misbehave on their process's nth put, and the one-test-in-flight messages are the point.
    const serial = args.includes("--concurrency") ? [] : ["--concurrency", "1"];
    const run = await runCliProcess([spawnedFixture(`${MISBEHAVING}/${fixture}`), ...serial, ...args], {
      NO_COLOR: "1",
      ...env,
      MISBEHAVE_PID_FILE: pidFile,
    });
    return { ...run, saverPid: existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8")) : undefined };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The process the saver ran in has ended (and nothing of its group is left). */
export function expectGone(pid: number | undefined): void {
  expect(pid, "the fixture wrote its process id").toBeTypeOf("number");
  expect(alive(pid!), `process ${pid} is still running`).toBe(false);
  expect(alive(-pid!), `process group ${pid} still has processes`).toBe(false);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The first non-empty lines of a text. */
export function firstLines(text: string, n: number): string[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .slice(0, n);
}
