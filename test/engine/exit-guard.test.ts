import { afterEach, describe, expect, it } from "vitest";
import { guardProcessExit } from "../../src/engine/exit-guard.js";

const realExit = process.exit;
const exits: number[] = [];

/** As vitest does in its workers: process.exit throws instead of ending the process. */
function containExits(): void {
  process.exit = ((code?: number) => {
    exits.push(Number(code));
    throw new Error("contained");
  }) as typeof process.exit;
}

afterEach(() => {
  process.exit = realExit;
  process.exitCode = undefined;
  exits.length = 0;
});

describe("guardProcessExit: one guard, the policy as a parameter", () => {
  it("an exit before the run finished: the policy's code, its report naming the test in flight, kept when the runner contains it", () => {
    containExits();
    const reports: string[] = [];
    const guard = guardProcessExit({
      exitCode: (code) => (code === 0 ? 1 : code),
      report: (code, during) => reports.push(`${code} during ${during}`),
    });
    guard.progress.onTestStart("put", "test_x");
    expect(() => process.exit(0)).toThrow("process.exit(0) was called during put › test_x; the test runner turned it into this error");
    expect(exits).toEqual([1]);
    expect(reports).toEqual(["0 during put › test_x"]);
    expect(guard.takeContainedExits()).toEqual(["process.exit(0) was called during put › test_x"]);
    expect(guard.takeContainedExits()).toEqual([]);
    guard.restore();
    expect(() => process.exit(0)).toThrow("contained");
  });

  it("after finished(): an exit hook's process.exit(0) keeps a failing exit code", () => {
    containExits();
    const guard = guardProcessExit({ exitCode: () => 1, report: () => undefined });
    guard.finished();
    process.exitCode = 1;
    expect(() => process.exit(0)).toThrow("contained");
    expect(exits).toEqual([1]);
    guard.restore();
  });
});
