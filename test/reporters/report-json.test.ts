import { describe, expect, it } from "vitest";
import { checkpointerTest, validate } from "../../src/index.js";
import { reportFromJSON, reportToJSON } from "../../src/sections/report-json.js";
import { REPORTER_NAMES, REPORTERS, plainPalette } from "../../src/reporters/index.js";
import type { ConformanceReport } from "../../src/report/conformance-report.js";
import dropsCustomMetadata from "../mutants/put-drops-custom-metadata.mutant.js";
import { fixedReport } from "./fixed-report.js";

/** Every reporter's final text, and toDict(): what a report looks like to every consumer. */
function renderings(report: ConformanceReport): Record<string, unknown> {
  const out: Record<string, unknown> = { dict: report.toDict(), level: report.conformanceLevel(), passedAll: report.passedAll() };
  for (const name of REPORTER_NAMES) out[name] = REPORTERS[name].report({ write: () => {}, palette: plainPalette }).render(report);
  return out;
}

/** Through JSON text and back, as the supervised CLI's child sends it. */
const roundTrip = (report: ConformanceReport) => reportFromJSON(JSON.parse(JSON.stringify(reportToJSON(report))));

describe("reportToJSON / reportFromJSON", () => {
  it("a report with every kind of test outcome renders the same in every reporter after the round trip", () => {
    const report = fixedReport();
    expect(renderings(roundTrip(report))).toEqual(renderings(report));
  });

  it("a real run with failures and a graph section (its lines, verdict and JSON) survives the round trip", {
    timeout: 120_000,
  }, async () => {
    const report = await validate(
      checkpointerTest({ name: "DropsCustomMetadata" }, () => dropsCustomMetadata.create()),
      {
        capabilities: ["put", "list"],
        graph: { scenarios: ["G01"] },
      },
    );
    expect(report.sections.map((s) => s.key)).toEqual(["graph"]);
    expect(report.failures().length).toBeGreaterThan(0);
    const back = roundTrip(report);
    expect(renderings(back)).toEqual(renderings(report));
    expect(back.sections[0].passed()).toBe(report.sections[0].passed());
  });

  it("refuses what reportToJSON did not write, with a message saying what it expected", () => {
    expect(() => reportFromJSON(fixedReport().toDict())).toThrow(
      /not a report written by reportToJSON\(\) \(expected format "checkpoint-conformance-report\/1"\)/,
    );
    expect(() => reportFromJSON(null)).toThrow(TypeError);
  });
});
