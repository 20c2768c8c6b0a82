import { describe, expect, it } from "vitest";
import { checkpointerTest, validate } from "../../src/index.js";
import listOldestFirst from "../mutants/list-oldest-first.mutant.js";
import latestOnlyListStale from "../mutants/latest-only-list-stale.mutant.js";

const RACE_03 = "test_race_delete_thread_while_other_threads_write";
const LS_14 = "test_list_without_thread_yields_every_latest";
const OPTIONS = { retries: 0, graph: false, model: false } as const;

const testResult = (report: Awaited<ReturnType<typeof validate>>, name: string) =>
  report
    .capabilityResults()
    .flatMap((r) => r.tests)
    .find((t) => t.name === name);

describe("a clause's message says what its own data shows (issue 25)", () => {
  it("RACE-03 does not suggest deleteThread rewrote the store from a snapshot when list() only yields the thread's checkpoints in another order", {
    timeout: 60_000,
  }, async () => {
    const report = await validate(
      checkpointerTest({ name: "list-oldest-first" }, () => listOldestFirst.create()),
      { ...OPTIONS, grep: RACE_03 },
    );
    const result = testResult(report, RACE_03);
    expect(result?.status).toBe("passed");
  });

  it("LS-14 names the ids list({}) left out as missing, never as `actual` against `expected: []`", { timeout: 60_000 }, async () => {
    const report = await validate(
      checkpointerTest({ name: "latest-only-list-stale", profile: "latest-only" }, () => latestOnlyListStale.create()),
      { ...OPTIONS, grep: LS_14 },
    );
    const result = testResult(report, LS_14);
    expect(result?.status).toBe("failed");
    const message = result?.status === "failed" ? result.failure.message : "";
    expect(message).toMatch(/missing: \[.+\] \(\d+ of 4\)/);
    expect(message).toContain("listed: ");
    expect(message).not.toMatch(/expected: \[\]/);
  });
});
