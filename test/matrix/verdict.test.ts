import { describe, expect, it } from "vitest";
import { ConformanceReport, type CapabilityResult } from "../../src/index.js";
import { matrixVerdict } from "../../src/matrix/verdict.js";
import type { BackendOutcome, MatrixResult } from "../../src/reporters/matrix/types.js";

const BASE = ["put", "put_writes", "get_tuple", "list", "delete_thread"] as const;

function ran(id: string, status: "passed" | "failed"): BackendOutcome {
  const results = Object.fromEntries(
    BASE.map((capability): [string, CapabilityResult] => [
      capability,
      { capability, kind: "base", status, detected: true, inherited: false, durationMs: 1, tests: [] },
    ]),
  );
  return { status: "ran", id, title: id, report: new ConformanceReport({ subjectName: id, results }), durationMs: 1 };
}

const noServer: BackendOutcome = { status: "skipped", id: "redis", title: "Redis", reason: "REDIS_URL is not set", noServer: true };
const noDriver: BackendOutcome = {
  status: "skipped",
  id: "sqlite",
  title: "SQLite",
  reason: 'the optional package "better-sqlite3" is not installed',
};
const matrix = (...outcomes: BackendOutcome[]): MatrixResult => ({ outcomes, durationMs: 1 });

describe("the one matrix verdict (npm start and --backends)", () => {
  it("passes when every backend that ran passed and the others were skipped for lack of a server", () => {
    expect(matrixVerdict(matrix(ran("memory", "passed"), noServer))).toEqual({ passed: true, nothingRan: false, failing: [] });
  });

  it("fails on a backend that was selected and could not run for another reason, naming it", () => {
    const verdict = matrixVerdict(matrix(ran("memory", "passed"), noDriver));
    expect(verdict.passed).toBe(false);
    expect(verdict.failing).toEqual([{ id: "sqlite", why: expect.stringContaining("better-sqlite3") }]);
  });

  it("fails on a backend that failed or could not start, and on an interrupted run", () => {
    expect(matrixVerdict(matrix(ran("memory", "failed"))).failing.map((f) => f.id)).toEqual(["memory"]);
    expect(
      matrixVerdict(
        matrix(ran("memory", "passed"), { status: "error", id: "postgres", title: "PostgreSQL", error: "no server", durationMs: 1 }),
      ).passed,
    ).toBe(false);
    expect(matrixVerdict({ ...matrix(ran("memory", "passed")), interrupted: { signal: "SIGINT", notRun: [] } }).passed).toBe(false);
  });

  it("never passes when every backend was skipped: nothing was checked", () => {
    expect(matrixVerdict(matrix(noServer))).toEqual({ passed: false, nothingRan: true, failing: [] });
  });
});
