import { describe, expect, it } from "vitest";
import { REPORTERS, plainPalette, type ReporterName } from "../../src/reporters/index.js";
import type { TestResult } from "../../src/report/conformance-report.js";
import type { ChildMessage } from "../../src/supervisor/protocol.js";
import type { HookCall } from "../../src/run/progress.js";
import { describePositionBriefly, RunTracker } from "../../src/supervisor/run-tracker.js";

const NAMES = Array.from({ length: 40 }, (_, i) => `test_in_flight_${i}`);

/** A supervised run of `put` interrupted with 38 tests in flight and 2 finished, as the parent reports it. */
function interruptedReport() {
  const tracker = new RunTracker("S", {}, () => {});
  const plan: ChildMessage = {
    t: "plan",
    capabilities: [{ capability: "put", tests: NAMES.map((name) => ({ name, ids: ["PUT-01"], description: name, advisory: false })) }],
    skipped: [],
    catalog: {},
    timeoutMs: 1000,
    sectionsAsked: true,
    sections: ["model"],
    profile: "full",
  };
  tracker.handle(plan);
  const hook = (call: HookCall) => tracker.handle({ t: "hook", call });
  hook({ name: "onRunStart", args: [{ subjectName: "S", checkpointerName: "S", capabilities: ["put"] }] });
  hook({ name: "onCapabilityStart", args: ["put", true] });
  for (const name of NAMES) hook({ name: "onTestStart", args: ["put", name] });
  for (const name of NAMES.slice(0, 2)) {
    const result: TestResult = { name, ids: ["PUT-01"], description: name, advisory: false, status: "passed", durationMs: 1 };
    hook({ name: "onTestResult", args: ["put", name, true, undefined, result] });
  }
  return tracker.finalReport({ kind: "interrupted", text: `interrupted by SIGINT during ${describePositionBriefly(tracker.position())}` });
}

describe("every format says INTERRUPTED at its top, and none repeats the in-flight list per test", () => {
  const report = interruptedReport();
  const render = (name: ReporterName) => REPORTERS[name].report({ write: () => {}, palette: plainPalette, env: {} }).render(report);
  const top: Record<string, (text: string) => string> = {
    pretty: (t) => t.split("\n").slice(0, 6).join("\n"),
    dots: (t) => t.split("\n")[0]!,
    verbose: (t) => t.split("\n").slice(0, 6).join("\n"),
    markdown: (t) => t.split("\n").slice(0, 4).join("\n"),
    github: (t) => t.split("\n")[0]!,
    junit: (t) => t.split("\n").slice(0, 6).join("\n"),
    html: (t) => t.slice(t.indexOf("<body"), t.indexOf("<body") + 1500),
    json: (t) => t.slice(0, 200),
  };
  for (const [name, head] of Object.entries(top)) {
    it(`${name}: INTERRUPTED at the top; the in-flight tests named once at most`, () => {
      const text = render(name as ReporterName);
      expect(head(text)).toContain("INTERRUPTED");
      // Where the run was is said once (naming 3 tests in flight, then a count), never per test.
      expect(text.split("put › test_in_flight_37").length - 1, "an in-flight test past the first three is never listed").toBe(0);
      // The list of the tests in flight appears a few times in a report (the banner, the section, the model's reason), not once per test.
      expect(text.split("put › test_in_flight_3,").length - 1).toBeLessThanOrEqual(4);
      expect(text).not.toMatch(/FAILED/);
    });
  }

  it("the two finished tests keep their results; the others are not run; the JSON's level is INTERRUPTED", () => {
    const put = report.results.put!;
    expect(put.tests.filter((t) => t.status === "passed")).toHaveLength(2);
    expect(put.tests.filter((t) => t.status === "skipped")).toHaveLength(38);
    expect(JSON.parse(render("json")).conformance_level).toBe("INTERRUPTED");
  });
});
