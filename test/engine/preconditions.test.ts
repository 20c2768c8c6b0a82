import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, type ConformanceReport, validate, type CapabilityResult, type TestResult } from "../../src/index.js";
import { runSpecTest } from "../../src/engine/run-spec-test.js";
import { fail } from "../../src/assert.js";
import { precondition } from "../../src/kinds/checkpointer/checks/precondition.js";
import { reportFromJSON, reportToJSON } from "../../src/sections/report-json.js";
import { REPORTERS, plainPalette } from "../../src/reporters/index.js";
import type { SpecTest } from "../../src/kinds/checkpointer/checks/types.js";
import { LatestOnlySaver } from "../fixtures/latest-only-saver.js";
import listNewestOnly from "../mutants/list-newest-per-namespace-only.mutant.js";
import { kindOf } from "../../src/kinds/index.js";

const OPTIONS = { timeoutMs: 3_000, graph: false, model: false, retries: 0 } as const;
const DT01 = "test_delete_thread_removes_checkpoints";

function testOf(report: ConformanceReport, capability: CapabilityResult["capability"], name: string): TestResult | undefined {
  return report.results[capability]?.tests.find((t) => t.name === name);
}

function render(report: ConformanceReport, name: keyof typeof REPORTERS): string {
  return REPORTERS[name].report({ write: () => undefined, palette: plainPalette, env: {} }).render(report);
}

describe("preconditions are not verdicts", () => {
  it("a latest-only saver run without the latest-only profile: delete_thread's history tests are not checked (see list), delete_thread is not failed", async () => {
    const report = await validate(
      checkpointerTest({ name: "shallow" }, () => new LatestOnlySaver()),
      { ...OPTIONS, capabilities: ["list", "delete_thread"] },
    );
    const dt01 = testOf(report, "delete_thread", DT01);
    expect(dt01).toMatchObject({ status: "skipped", precondition: { capability: "list" } });
    expect(dt01?.status === "skipped" && dt01.reason).toBe(
      "not checked: precondition failed (before deleteThread, list() yields the 3 checkpoints just put: got 1 item(s)) → see list",
    );
    expect(report.results.delete_thread?.status).toBe("passed");
    expect(report.failures().filter((f) => f.capability === "delete_thread")).toEqual([]);
    expect(report.results.list?.status).toBe("failed");
    expect(report.conformanceLevel()).not.toBe("FULL");
    // The list failure explains it: delete_thread is not "not verified".
    expect(report.verdict().capabilities.unverified).toEqual([]);
    expect(report.notChecked().map((n) => n.test.name)).toContain(DT01);
    expect(report.verdict().resultLine).toMatch(/; \d+ not checked \(precondition failed\)/);
    const pretty = report.formatReport();
    expect(pretty).toContain("NOT CHECKED (a step through another capability failed");
    expect(pretty).toContain(
      `- delete_thread › ${DT01}: not checked: precondition failed (before deleteThread, list() yields the 3 checkpoints just put: got 1 item(s)) → see list`,
    );
    expect(pretty).toMatch(/✅ delete_thread\s+\(\d+ not checked\)/);
    expect(pretty).not.toMatch(new RegExp(`✗ delete_thread › ${DT01}`));
  });

  it("a mutant whose list() drops the history: delete_thread's list-using tests are not checked, list fails, the level is not FULL", async () => {
    const report = await validate(
      checkpointerTest({ name: "list-broken" }, () => listNewestOnly.create()),
      OPTIONS,
    );
    for (const name of [DT01, "test_race_delete_thread_while_other_threads_write"]) {
      expect(testOf(report, "delete_thread", name), name).toMatchObject({ status: "skipped", precondition: { capability: "list" } });
    }
    expect(report.results.delete_thread?.status).toBe("passed");
    expect(report.results.list?.status).toBe("failed");
    expect(report.conformanceLevel()).toBe("BASE");
    expect(report.passedAll()).toBe(false);
  });

  it("never greener: when list is not in the run, delete_thread's unchecked tests leave it not verified (no FULL, no pass)", async () => {
    const report = await validate(
      checkpointerTest({ name: "list-broken" }, () => listNewestOnly.create()),
      { ...OPTIONS, capabilities: ["delete_thread"] },
    );
    expect(report.results.delete_thread?.status).toBe("passed");
    const verdict = report.verdict();
    expect(verdict.capabilities.unverified).toEqual(["delete_thread"]);
    expect(verdict.passed).toBe(false);
    expect(verdict.level).toBe("NONE");
    expect(verdict.resultLine).toMatch(/^Result: NONE \(0\/1\); \d+ not checked \(precondition failed\)$/);
    expect(verdict.explanation).toContain("not verified");
    expect(verdict.explanation).toContain("delete_thread");
    // The same report read back (merge, the supervised CLI) gives the same verdict.
    expect(reportFromJSON(JSON.parse(JSON.stringify(reportToJSON(report)))).verdict()).toEqual(verdict);
  });

  it("the same saver with a correct list() passes delete_thread with nothing unchecked", async () => {
    const report = await validate(
      checkpointerTest({ name: "memory" }, () => new MemorySaver()),
      { ...OPTIONS, capabilities: ["list", "delete_thread"] },
    );
    expect(report.notChecked()).toEqual([]);
    expect(report.conformanceLevel()).toBe("FULL");
  });

  it("a precondition on the capability under test is that capability's failure; on another one, the test is not checked", async () => {
    const test: SpecTest = {
      name: "test_fake",
      ids: ["LS-01"],
      description: "fake",
      async run() {
        await precondition("list", "list() yields the checkpoint", async () => fail("list() must yield the checkpoint"));
      },
    };
    const registered = checkpointerTest({ name: "m" }, () => new MemorySaver());
    const run = (capability: "list" | "delete_thread") =>
      runSpecTest({
        registered,
        subjectKind: kindOf(registered),
        capability,
        test,
        subject: new MemorySaver(),
        timeoutMs: 1_000,
        profile: "full",
      });
    expect(await run("list")).toMatchObject({
      status: "failed",
      failure: { message: "list() must yield the checkpoint", errorName: "ConformanceError" },
    });
    expect(await run("delete_thread")).toMatchObject({
      status: "skipped",
      reason: "not checked: precondition failed (list() yields the checkpoint: list() must yield the checkpoint) → see list",
      precondition: { capability: "list" },
    });
  });

  it("every reporter shows a not-checked test and where to look", async () => {
    const report = await validate(
      checkpointerTest({ name: "shallow" }, () => new LatestOnlySaver()),
      { ...OPTIONS, capabilities: ["list", "delete_thread"] },
    );
    const reason =
      "not checked: precondition failed (before deleteThread, list() yields the 3 checkpoints just put: got 1 item(s)) → see list";
    for (const name of ["pretty", "verbose", "dots", "markdown", "junit", "html", "github"] as const) {
      expect(render(report, name), name).toContain(
        name === "html" || name === "junit" ? reason.replace(/[()]/g, "").slice(0, 20) : reason.slice(0, 60),
      );
    }
    const dict = report.toDict();
    expect(dict.results.delete_thread.not_checked?.find((n) => n.name === DT01)).toMatchObject({ precondition_capability: "list", reason });
    expect(dict.summary).toMatchObject({ not_verified: [] });
    expect(render(report, "junit")).toContain('<property name="precondition" value="list"/>');
    expect(render(report, "github")).toContain(`::warning title=delete_thread › ${DT01}%3A not checked::`);
  });
});
