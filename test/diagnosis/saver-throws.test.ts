import { beforeAll, describe, expect, it } from "vitest";
import { checkpointerTest, validate, type ConformanceReport } from "../../src/index.js";
import { GraphSection } from "../../src/graph/report-section.js";
import { graphFailureText, type GraphCaseResult } from "../../src/graph/result.js";
import { ModelReportSection } from "../../src/kinds/checkpointer/model/model-report.js";
import { ColonThreadsThrow, PutThrowsTypeError } from "../fixtures/throwing-savers.js";

type FailedCase = Extract<GraphCaseResult, { status: "failed" }>;

const FRAME = "at PutThrowsTypeError.put";
const occurrences = (text: string, part: string) => text.split(part).length - 1;

function graphFailures(report: ConformanceReport): FailedCase[] {
  const section = report.sections.find((s): s is GraphSection => s instanceof GraphSection)!;
  return section.results.filter((r): r is FailedCase => r.status === "failed");
}

describe("a saver whose put() throws a TypeError everywhere: the probes confirm no clause, and its error is shown once", () => {
  let report: ConformanceReport;

  beforeAll(async () => {
    const registered = checkpointerTest({ name: "PutThrowsTypeError" }, () => new PutThrowsTypeError());
    report = await validate(registered, { capabilities: [], graph: { scenarios: ["G05", "G19"] }, model: { runs: 5, seed: 1 } });
  }, 120_000);

  it("graph failures name no confirmed clause, say why once, and quote the error only where the failure shows it", () => {
    const failed = graphFailures(report);
    expect(failed.map((r) => r.scenario)).toEqual(["G05", "G19"]);
    for (const r of failed) {
      expect(r.error).toMatchObject({ name: "TypeError", method: "put()" });
      expect(r.divergence?.clause).toBeUndefined();
      expect(r.message).not.toMatch(/confirmed by probe/);
      expect(r.message).toMatch(
        /\ncause not confirmed: the saver threw the same error in every probe on a fresh saver \(ids, [a-z, -]+\), so no probe isolates a clause; the cause is the saver's error:\n {2}the saver threw the error shown above\n/,
      );
      expect(occurrences(graphFailureText(r), FRAME), r.id).toBe(1);
    }
  });

  it("the model failure names no confirmed clause and shows the error once", () => {
    const model = report.sections.find((s): s is ModelReportSection => s instanceof ModelReportSection)!;
    const f = model.result.failure!;
    expect(f).toMatchObject({ operation: "put()", error: { name: "TypeError" } });
    expect(f.cause.join("\n")).not.toMatch(/confirmed by probe/);
    expect(occurrences([...f.lines, ...f.cause].join("\n"), FRAME)).toBe(1);
  });

  it("every failure is grouped under the one saver error", () => {
    const causes = report.causes();
    expect(causes).toHaveLength(1);
    expect(causes[0].kind).toBe("error");
    expect(causes[0].failures.map((f) => f.label).sort()).toEqual(["graph › G05", "graph › G19", "model › put()"]);
  });
});

describe("a saver that throws only for thread ids with ':'", () => {
  it("has the id round-trip clause confirmed by the probe, with its error referred to, not quoted again", async () => {
    const registered = checkpointerTest({ name: "ColonThreadsThrow" }, () => new ColonThreadsThrow());
    const report = await validate(registered, { capabilities: [], graph: { scenarios: ["G05"] }, model: false });
    const [r] = graphFailures(report);
    expect(r.error).toMatchObject({ name: "TypeError", message: "invalid thread key: ':' is reserved" });
    expect(r.message).toMatch(
      /\nconfirmed by probe ids \(round-trip of the run's thread ids[^\n]*\n {2}the saver threw the error shown above\n {2}clause \[KEY-01/,
    );
    expect(r.message).not.toMatch(/not confirmed/);
    expect(occurrences(graphFailureText(r), "':' is reserved")).toBe(1);
  }, 120_000);
});
