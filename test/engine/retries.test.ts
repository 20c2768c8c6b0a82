import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { beforeEach, describe, expect, it } from "vitest";
import { checkpointerTest, ConformanceUsageError, validate, type ConformanceReport, type TestResult } from "../../src/index.js";
import { mergeReports } from "../../src/merge/merge-reports.js";
import { planSuite } from "../../src/engine/suite.js";
import { reportFromJSON, reportToJSON } from "../../src/sections/report-json.js";
import { REPORTERS, plainPalette } from "../../src/reporters/index.js";
import { FlakyDeleteThreadSaver, NoopDeleteThreadSaver } from "../fixtures/flaky-delete-thread-saver.js";

const DT01 = "test_delete_thread_removes_checkpoints";
const ONE_TEST = { timeoutMs: 3_000, graph: false, model: false, capabilities: ["delete_thread"], grep: DT01 } as const;

function dt01(report: ConformanceReport): TestResult | undefined {
  return report.results.delete_thread?.tests.find((t) => t.name === DT01);
}

function render(report: ConformanceReport, name: keyof typeof REPORTERS): string {
  return REPORTERS[name].report({ write: () => undefined, palette: plainPalette, env: {} }).render(report);
}

/** The flaky saver, counting the savers its factory made (a retry makes none). */
function flakyRegistration() {
  const made = { count: 0 };
  const registered = checkpointerTest({ name: "flaky" }, async function* () {
    made.count++;
    yield new FlakyDeleteThreadSaver();
  });
  return { registered, made };
}

beforeEach(() => {
  FlakyDeleteThreadSaver.calls = 0;
});

describe("retries and flaky results", () => {
  it("a test that fails, then passes on a retry is FLAKY and counts as failed; every attempt on the capability's saver", async () => {
    const { registered, made } = flakyRegistration();
    const report = await validate(registered, ONE_TEST);
    expect(dt01(report)).toMatchObject({ status: "failed", attempts: 2, flaky: { errorName: "ConformanceError" } });
    const test = dt01(report);
    expect(test?.status === "failed" && test.failure.message).toBe(test?.flaky?.message);
    expect(made.count).toBe(2); // the retry runs on the saver the first attempt failed on (the other is the read-back probe's, run once as the run failed)
    expect(report.failures().map((f) => f.test.name)).toEqual([DT01]);
    expect(report.flaky().map((f) => f.test.name)).toEqual([DT01]);
    expect(report.verdict()).toMatchObject({ passed: false, level: "NONE", flaky: 1, resultLine: "Result: NONE (0/1); 1 flaky" });
    expect(report.toDict().results.delete_thread.flaky).toEqual([
      { name: DT01, ids: ["DT-01"], attempts: 2, counted: true, first_failure: test?.flaky?.message },
    ]);
  });

  it("allowFlaky counts it as passed, still reported as flaky", async () => {
    const { registered } = flakyRegistration();
    const report = await validate(registered, { ...ONE_TEST, allowFlaky: true });
    expect(dt01(report)).toMatchObject({ status: "passed", attempts: 2, flaky: { errorName: "ConformanceError" } });
    expect(report.verdict()).toMatchObject({ passed: true, level: "FULL", flaky: 1, resultLine: "Result: FULL (1/1); 1 flaky (allowed)" });
    expect(report.formatReport()).toContain(
      `FLAKY (allowed: counted as passed)\n      ~ delete_thread › ${DT01} — FLAKY: failed, then passed (2 attempts; allowed); the first attempt failed:`,
    );
  });

  it("a bug that shows only once the saver holds data fails again on the retry: never FLAKY, not even allowed", async () => {
    // Deterministic: once it holds 20 threads, the metadata of a new checkpoint is lost. An empty saver hides it.
    class LosesMetadataWhenFull extends MemorySaver {
      override async put(...[config, checkpoint, metadata]: Parameters<MemorySaver["put"]>) {
        const full = Object.keys(this.storage).length >= 20;
        return super.put(config, checkpoint, full ? { source: "input", step: -1, parents: {} } : metadata);
      }
    }
    const registered = checkpointerTest({ name: "full" }, () => new LosesMetadataWhenFull());
    const report = await validate(registered, {
      timeoutMs: 3_000,
      graph: false,
      model: false,
      capabilities: ["put", "get_tuple", "list"],
      allowFlaky: true,
    });
    expect(report.flaky().map(({ test }) => test.name)).toEqual([]);
    expect(report.failures().length).toBeGreaterThan(0);
    expect(report.failures().every(({ test }) => test.attempts === 2)).toBe(true);
    expect(report.verdict()).toMatchObject({ passed: false, flaky: 0 });
  });

  it("retries: 0 reports the first failure as a plain failure", async () => {
    const { registered, made } = flakyRegistration();
    const report = await validate(registered, { ...ONE_TEST, retries: 0 });
    const test = dt01(report);
    expect(test).toMatchObject({ status: "failed" });
    expect(test?.attempts).toBeUndefined();
    expect(test?.flaky).toBeUndefined();
    expect(made.count).toBe(2); // the capability's saver and the read-back probe's
    expect(report.verdict().resultLine).toBe("Result: NONE (0/1)");
  });

  it("a failure on every attempt is a plain failure with the attempt count; retries: N runs N more", async () => {
    const report = await validate(
      checkpointerTest({ name: "noop" }, () => new NoopDeleteThreadSaver()),
      { ...ONE_TEST, retries: 3 },
    );
    expect(dt01(report)).toMatchObject({ status: "failed", attempts: 4 });
    expect(dt01(report)?.flaky).toBeUndefined();
    expect(report.verdict().flaky).toBe(0);
    // Every attempt failed the same way: a deterministic failure, shown without its attempts (issue 39); the count stays in the data.
    expect(report.formatReport()).toContain(`✗ delete_thread › ${DT01} [DT-01]\n`);
    expect(report.formatReport()).not.toContain("attempts");
    expect(dt01(report)?.attemptsDiffered).toBeUndefined();
  });

  it("a correct saver runs each test once", async () => {
    const report = await validate(
      checkpointerTest({ name: "memory" }, () => new MemorySaver()),
      { timeoutMs: 3_000, graph: false, model: false, capabilities: ["delete_thread"] },
    );
    expect(
      report
        .capabilityResults()
        .flatMap((r) => r.tests)
        .filter((t) => t.attempts !== undefined),
    ).toEqual([]);
  });

  it("a timed-out test is not run again, and once 3 in a row timed out the rest is not run: skipped, never failures of their own", async () => {
    class HangingDeleteThread extends MemorySaver {
      override deleteThread(): Promise<void> {
        return new Promise(() => undefined);
      }
    }
    const report = await validate(
      checkpointerTest({ name: "hangs" }, () => new HangingDeleteThread()),
      {
        timeoutMs: 300,
        graph: false,
        model: false,
        capabilities: ["delete_thread"],
        retries: 3,
      },
    );
    const tests = report.results.delete_thread!.tests;
    expect(tests.slice(0, 3).map((t) => [t.status === "failed" && t.failure.errorName, t.attempts])).toEqual([
      ["TimeoutError", undefined],
      ["TimeoutError", undefined],
      ["TimeoutError", undefined],
    ]);
    expect(tests.length).toBeGreaterThan(3);
    expect(tests.slice(3).map((t) => [t.name, t.status, t.status === "skipped" && t.reason])).toEqual(
      tests
        .slice(3)
        .map((t) => [
          t.name,
          "skipped",
          "not run: the saver stopped answering (3 tests in a row timed out after 300 ms each; the rest of this capability was not run)",
        ]),
    );
    // One hang, one cause: the tests not run are no cause of their own.
    expect(report.failures().length).toBe(3);
    expect(report.causes().map((c) => c.failures.length)).toEqual([3]);
    expect(report.formatReport()).not.toContain("attempts");
  });

  it("the test-runner adapters take the same options: a flaky test fails with its label, or with allowFlaky is noted", async () => {
    const outcome = async (allowFlaky: boolean) => {
      FlakyDeleteThreadSaver.calls = 0;
      const suite = planSuite(flakyRegistration().registered, { ...ONE_TEST, allowFlaky }, "describeConformance");
      const capability = suite.capabilities.find((c) => c.capability === "delete_thread")!;
      await capability.run();
      return capability.outcome(DT01);
    };
    const failed = await outcome(false);
    expect(failed).toMatchObject({ kind: "failed" });
    expect(failed.kind === "failed" && failed.message).toContain("— FLAKY: failed, then passed (2 attempts)");
    const noted = await outcome(true);
    expect(noted).toMatchObject({ kind: "noted" });
    expect(noted.kind === "noted" && noted.message).toContain(
      "the first attempt failed:\nafter deleteThread(T), getTuple({thread_id: T}) must find nothing",
    );
  });

  it("checks the options like every other one", async () => {
    const registered = checkpointerTest({ name: "memory" }, () => new MemorySaver());
    for (const retries of [-1, 1.5, 11, "2", Number.NaN]) {
      await expect(validate(registered, { ...ONE_TEST, retries: retries as number }), String(retries)).rejects.toThrow(
        ConformanceUsageError,
      );
    }
    await expect(validate(registered, { ...ONE_TEST, retries: 11 })).rejects.toThrow(
      'validate: option "retries" must be a whole number from 0 to 10 (0: no retry), got number 11',
    );
    await expect(validate(registered, { ...ONE_TEST, allowFlaky: "yes" as unknown as boolean })).rejects.toThrow(
      'validate: option "allowFlaky" must be true or false',
    );
  });

  it("every reporter labels a flaky failure; JSON, JUnit, report-json, shards and merge keep the attempts", async () => {
    const { registered } = flakyRegistration();
    const report = await validate(registered, { ...ONE_TEST, shard: { index: 1, count: 1 } });
    for (const name of ["pretty", "verbose", "dots", "markdown", "html", "junit"] as const) {
      expect(render(report, name), name).toContain("FLAKY: failed, then passed (2 attempts)");
    }
    // The annotation is titled by its cause; its message names the flaky test.
    expect(render(report, "github")).toMatch(
      /^::error title=cause 1 of 1%3A [^\n]*::delete_thread › test_delete_thread_removes_checkpoints — FLAKY: failed, then passed \(2 attempts\)/m,
    );
    expect(render(report, "junit")).toContain('<property name="attempts" value="2"/>');
    expect(render(report, "junit")).toContain('<property name="flaky" value="true"/>');
    expect(JSON.parse(render(report, "json")).summary).toMatchObject({ flaky: 1 });
    const back = reportFromJSON(JSON.parse(JSON.stringify(reportToJSON(report))));
    expect(dt01(back)).toEqual(dt01(report));
    const merged = mergeReports([back]);
    expect(dt01(merged)).toEqual(dt01(report));
    expect(merged.verdict().resultLine).toBe("Result: NONE (0/1); 1 flaky");
  });
});
