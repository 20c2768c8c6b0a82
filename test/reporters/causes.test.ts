import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { describe, expect, it } from "vitest";
import { checkpointerTest, validate, type ConformanceReport, type TestResult } from "../../src/index.js";
import type { CatalogId } from "../../src/kinds/checkpointer/checks/types.js";
import { causeKey, frameKey, normaliseMessage } from "../../src/diagnosis/causes/signature.js";
import { specFailureItem } from "../../src/diagnosis/causes/failure-item.js";
import { mergeReports } from "../../src/merge/merge-reports.js";
import { reportFromJSON, reportToJSON } from "../../src/sections/report-json.js";
import { plainPalette, REPORTERS } from "../../src/reporters/index.js";
import putThrows from "../cli/fixtures/put-throws.js";
import { FIXTURES, runCliProcess } from "../cli/run-cli-process.js";

type FailedTest = Extract<TestResult, { status: "failed" }>;

const PUT_ERROR = "Cannot read properties of undefined (reading 'v')";

/** What every human-facing reporter prints for a report. */
function rendered(report: ConformanceReport): Record<string, string> {
  const names = ["pretty", "verbose", "dots", "markdown", "github"] as const;
  return Object.fromEntries(
    names.map((name) => [name, REPORTERS[name].report({ write: () => undefined, palette: plainPalette, env: {} }).render(report)]),
  );
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** Two independent bugs: deleteThread() always throws; list() with a filter throws a different error. */
class TwoBugsSaver extends MemorySaver {
  override async deleteThread(): Promise<void> {
    throw new Error("delete refused by the server (connection 4711)");
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    if (options?.filter !== undefined) throw new RangeError("filter is not supported");
    yield* super.list(config, options);
  }
}

describe("failures grouped by cause: the signature", () => {
  it("normalises what changes between tests (uuids, timestamps, numbers) and keeps what names the bug", () => {
    expect(normaliseMessage('thread "t-4b1c0c2e-8a55-4f7a-9d0e-1f2a3b4c5d6e" at 2025-01-01T00:00:01.000Z: 3 rows')).toBe(
      'thread "t-<id>" at <time>: <n> rows',
    );
    expect(normaliseMessage(PUT_ERROR)).toBe(PUT_ERROR);
    expect(frameKey("at MySaver.put (/home/me/src/my-saver.ts:41:12)")).toBe("at MySaver.put (my-saver.ts:41:12)");
    expect(frameKey("at file:///ci/work/src/my-saver.ts:41:12")).toBe("at my-saver.ts:41:12");
  });

  it("reads the saver's error and method back from a spec failure, and groups an assertion by its clause and input", () => {
    const failed = (message: string, errorName: string, ids: CatalogId[] = ["PUT-02"]): FailedTest => ({
      status: "failed",
      name: "t",
      ids,
      description: "d",
      advisory: false,
      durationMs: 1,
      failure: { message, errorName, thrownBySaver: errorName !== "ConformanceError" },
    });
    const thrown = specFailureItem("put", failed(`put() threw TypeError: ${PUT_ERROR}\n    at S.put (/a/s.ts:9:18)`, "TypeError"));
    expect(thrown.error).toEqual({ name: "TypeError", message: PUT_ERROR, frames: ["at S.put (/a/s.ts:9:18)"], method: "put()" });
    const elsewhere = specFailureItem(
      "list",
      failed(`getTuple() threw TypeError: ${PUT_ERROR}\n    at S.put (/b/s.ts:9:18)`, "TypeError", ["LS-01"]),
    );
    expect(causeKey(elsewhere)).toBe(causeKey(thrown));
    const otherLine = specFailureItem("put", failed(`put() threw TypeError: ${PUT_ERROR}\n    at S.put (/a/s.ts:12:3)`, "TypeError"));
    expect(causeKey(otherLine)).not.toBe(causeKey(thrown));
    const clause = (ids: CatalogId[], got: number) =>
      specFailureItem("put", failed(`metadata must read back\n  expected: 2\n  actual:   ${got}`, "ConformanceError", ids));
    expect(causeKey(clause(["PUT-06"], 3))).toBe(causeKey(clause(["PUT-06"], 4)));
    expect(causeKey(clause(["PUT-06"], 3))).not.toBe(causeKey(clause(["PUT-07"], 3)));
  });
});

describe("failures grouped by cause: real runs", () => {
  it("a saver whose put() throws a TypeError: one cause over its spec, graph and model failures, each reporter names it once", {
    timeout: 120_000,
  }, async () => {
    const report = await validate(putThrows, { capabilities: ["put", "list"], graph: { scenarios: ["G01"] }, model: { runs: 3, seed: 1 } });
    const causes = report.causes();
    const putCause = causes[0];
    expect(putCause.kind).toBe("error");
    expect(putCause.title).toMatch(
      /^put\(\) threw TypeError: Cannot read properties of undefined \(reading 'v'\) at PutThrowsSaver\.put \(test\/cli\/fixtures\/put-throws\.ts:9:18\)$/,
    );
    const sections = new Set(putCause.failures.map((f) => f.section));
    expect([...sections].sort()).toEqual(["graph", "model", "spec"]);
    expect(putCause.failures.length).toBeGreaterThan(40);
    // One deterministic error is one cause: the race test that quotes it (RACE-01, "put() threw TypeError: …") is in it, not a second cause.
    expect(
      causes
        .filter((c) => c !== putCause && (c.title.includes(PUT_ERROR) || c.failures.some((f) => f.message.includes(PUT_ERROR))))
        .map((c) => c.title),
    ).toEqual([]);
    expect(putCause.failures.map((f) => f.name)).toContain("test_race_first_calls_at_once_on_fresh_saver");
    // Every cause explains fewer failures than the one before it, and all failures are explained.
    expect(causes.map((c) => c.failures.length)).toEqual([...causes.map((c) => c.failures.length)].sort((a, b) => b - a));
    const graphFailures = report.sections.find((s) => s.key === "graph")!.failures!().length;
    expect(causes.reduce((n, c) => n + c.failures.length, 0)).toBe(report.failures().length + graphFailures + 1);

    for (const [name, text] of Object.entries(rendered(report))) {
      expect(text, name).toContain(PUT_ERROR);
      expect(text, name).toMatch(/put-throws\.ts:9:18/);
      // Once in the summary, once as the cause's title and once in its first failure (plus the model's reproduction comment): never per test.
      expect(occurrences(text, PUT_ERROR), name).toBeLessThanOrEqual(6);
    }
    // verbose's live lines: the first failure of the cause in full, every later one names it.
    let live = "";
    const verbose = REPORTERS.verbose.report({ write: (t) => (live += t), palette: plainPalette });
    for (const r of report.capabilityResults()) {
      for (const t of r.tests)
        verbose.onTestResult?.(r.capability, t.name, t.status === "passed", t.status === "failed" ? t.failure.message : undefined, t);
    }
    const firstSpec = putCause.failures[0].label;
    expect(occurrences(live, PUT_ERROR)).toBeLessThanOrEqual(3); // the first test of the cause, and the RACE-01 assertion that quotes both rejected puts
    const sameError = report
      .capabilityResults()
      .flatMap((r) => r.tests)
      .filter((t) => t.status === "failed" && t.failure.errorName === "TypeError");
    expect(occurrences(live, `same cause as ${firstSpec} [cause ${putCause.causeId}]`)).toBe(sameError.length - 1);

    // The HTML page groups the same way, and its graph cases show the error the saver threw there.
    const html = REPORTERS.html.report({ write: () => undefined, palette: plainPalette }).render(report);
    expect(html).toContain(`id="cause-${putCause.causeId}"`);
    expect(html.slice(html.indexOf('id="graph"'))).toMatch(/The saver threw TypeError in put\(\): Cannot read properties of undefined/);
    const dict = report.toDict();
    const listed = (dict.causes as { cause_id: string; count: number; tests: unknown[] }[])[0];
    expect(listed).toMatchObject({ cause_id: putCause.causeId, count: putCause.failures.length });
    expect(dict.results.put.failure_details.every((d) => typeof d.cause_id === "string")).toBe(true);
    const junit = REPORTERS.junit.report({ write: () => undefined, palette: plainPalette }).render(report);
    expect(occurrences(junit, `<property name="cause_id" value="${putCause.causeId}"/>`)).toBe(
      putCause.failures.filter((f) => f.section === "spec").length,
    );
    expect(junit).toContain(`<property name="cause_ids" value="${putCause.causeId}"/>`);
    // The causes come from the results, so a report read back from JSON has the same ones.
    expect(reportFromJSON(JSON.parse(JSON.stringify(reportToJSON(report)))).causes()).toEqual(causes);
  });

  it("a saver with two independent bugs: two causes, the one that explains more failures first", { timeout: 60_000 }, async () => {
    const registered = checkpointerTest({ name: "TwoBugs" }, () => new TwoBugsSaver());
    const report = await validate(registered, { capabilities: ["delete_thread", "list"] });
    const causes = report.causes();
    const deleteCause = causes.find((c) => c.title.includes("delete refused by the server"))!;
    const filterCause = causes.find((c) => c.title.includes("filter is not supported"))!;
    expect(deleteCause.title).toMatch(
      /^deleteThread\(\) threw Error: delete refused by the server \(connection 4711\) at TwoBugsSaver\.deleteThread \(.*causes\.test\.ts:\d+:\d+\)$/,
    );
    expect(filterCause.title).toMatch(/RangeError: filter is not supported at TwoBugsSaver\.list/);
    // list() with a filter is used by more tests than deleteThread(): that cause comes first.
    expect(causes.indexOf(filterCause)).toBe(0);
    expect(causes.indexOf(deleteCause)).toBe(1);
    expect(filterCause.failures.length).toBeGreaterThan(deleteCause.failures.length);
    expect(deleteCause.failures.length).toBeGreaterThan(1);
    expect(causes.slice(2).every((c) => c.failures.length <= deleteCause.failures.length)).toBe(true);
    const pretty = report.formatReport();
    const total = causes.reduce((n, c) => n + c.failures.length, 0);
    // Two errors, neither a round trip of the other's data: no advice to fix one first (issue 39).
    expect(pretty).toMatch(
      new RegExp(
        `${causes.length} bugs likely, worst first — ${total} failures:\\n {6}1\\) list\\(\\) threw RangeError: filter is not supported .*\\n {6}2\\) deleteThread\\(\\) threw Error`,
      ),
    );
  });

  it("a merged sharded run has the same causes as the unsharded run", { timeout: 120_000 }, async () => {
    const options = {
      capabilities: ["put", "list", "delete_thread"] as const,
      graph: { scenarios: ["G01", "G05"] },
      model: false as const,
    };
    const whole = await validate(putThrows, { ...options, capabilities: [...options.capabilities] });
    const shards = await Promise.all(
      [1, 2].map((index) => validate(putThrows, { ...options, capabilities: [...options.capabilities], shard: { index, count: 2 } })),
    );
    const merged = mergeReports(shards.map((s) => reportFromJSON(JSON.parse(JSON.stringify(reportToJSON(s))))));
    const summary = (r: ConformanceReport) =>
      r.causes().map((c) => ({ id: c.causeId, title: c.title, tests: c.failures.map((f) => f.label) }));
    expect(summary(merged)).toEqual(summary(whole));
    expect(merged.causes().length).toBeGreaterThan(0);
  });

  it("CLI: the first screen of the pretty report names the one cause once, with the saver's own error and its line", {
    timeout: 120_000,
  }, async () => {
    const run = await runCliProcess([`${FIXTURES}/put-throws.ts`, "--graph-scenarios", "G01", "--model", "3"]);
    expect(run.code).toBe(1);
    const firstScreen = run.stdout.split("\n").slice(0, 25).join("\n");
    expect(firstScreen).toMatch(
      /1 bug likely — \d+ failures because of it:|\d+ bugs likely, worst first(?: \(fix \d+, \w+\(\), first: it may clear others\))? — \d+ failures:/,
    );
    expect(firstScreen).toMatch(
      / 1\) put\(\) threw TypeError: Cannot read properties of undefined \(reading 'v'\) at PutThrowsSaver\.put \(test\/cli\/fixtures\/put-throws\.ts:9:18\) — \d+ tests: put › /,
    );
    expect(occurrences(firstScreen, PUT_ERROR)).toBe(1);
    expect(occurrences(run.stdout, PUT_ERROR)).toBeLessThanOrEqual(6);
  });
});
