import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { plainPalette, REPORTER_NAMES, REPORTERS } from "../../src/reporters/index.js";
import { fixedReport as fixedReportWithoutList } from "./fixed-report.js";
import { ConformanceReport } from "../../src/report/conformance-report.js";
import { kindDescriptor } from "../../src/kinds/descriptors.js";

// Capabilities that did not run list their spec tests in JUnit: fixed ones here, so the snapshots do not move as the spec grows.
const fixedReport = () =>
  new ConformanceReport({
    ...fixedReportWithoutList(),
    specTests: Object.fromEntries(
      kindDescriptor("checkpointer").capabilities.map((c) => [c.id, [{ name: `test_${c.id}_example`, ids: ["PR-01"] }]]),
    ),
  });

/** What a reporter writes in total: its live hooks replayed from the report, then its final rendering. */
function renderAll(name: keyof typeof REPORTERS): string {
  const report = fixedReport();
  let out = "";
  const reporter = REPORTERS[name].report({ write: (t) => (out += t), palette: plainPalette, env: {} });
  reporter.onRunStart?.({
    subjectName: report.subjectName,
    checkpointerName: report.subjectName,
    capabilities: report.capabilityResults().map((r) => r.capability),
  });
  for (const result of report.capabilityResults()) {
    const runs = result.status === "passed" || result.status === "failed";
    reporter.onCapabilityStart?.(result.capability, runs);
    for (const t of result.tests)
      reporter.onTestResult?.(result.capability, t.name, t.status === "passed", t.status === "failed" ? t.failure.message : undefined, t);
    reporter.onCapabilityEnd?.(result.capability, result);
  }
  reporter.onRunEnd?.(report);
  return out + reporter.render(report);
}

describe("report formats on a fixed report", () => {
  it.each(REPORTER_NAMES)("%s matches its snapshot", async (name) => {
    const ext = { json: "json", junit: "xml", markdown: "md", html: "html" }[name as string] ?? "txt";
    await expect(renderAll(name)).toMatchFileSnapshot(`./__snapshots__/report.${name}.${ext}`);
  });

  it("pretty is exactly printReport()'s text when not colored", () => {
    expect(REPORTERS.pretty.report({ write: () => undefined, palette: plainPalette }).render(fixedReport())).toBe(
      fixedReport().formatReport(),
    );
  });

  it("json is toDict()", () => {
    expect(JSON.parse(renderAll("json"))).toEqual(JSON.parse(JSON.stringify(fixedReport().toDict())));
  });

  it("junit is well-formed XML: a testsuite per capability, a testcase per spec test, failures, skips and notes where CI looks", () => {
    const text = renderAll("junit");
    expect(XMLValidator.validate(text)).toBe(true);
    const xml = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      textNodeName: "text",
      isArray: (tag) => ["testsuite", "testcase", "property"].includes(tag),
    }).parse(text);
    const suites = xml.testsuites.testsuite as Record<string, any>[];
    const byName = Object.fromEntries(suites.map((s) => [s.name, s]));
    expect(Object.keys(byName)).toEqual([
      "verdict",
      "put",
      "put_writes",
      "get_tuple",
      "list",
      "delete_thread",
      "delete_for_runs",
      "copy_thread",
      "prune",
      "delta_channel_history",
      "run",
    ]);
    expect(xml.testsuites).toMatchObject({ name: "checkpoint-conformance: Fixed<Saver> & co", failures: "3", time: "1.234" });

    const pw = byName.put_writes;
    expect(pw).toMatchObject({ tests: "5", failures: "2", skipped: "1" });
    const cases: Record<string, Record<string, any>> = Object.fromEntries((pw.testcase as Record<string, any>[]).map((c) => [c.name, c]));
    expect(Object.values(cases).every((c) => c.classname === "put_writes")).toBe(true);
    const special = cases.test_put_writes_special_channels.failure;
    expect(special.message).toBe('the __error__ write <from task "t1"> & its value must read back once');
    expect(special.type).toBe("ConformanceError");
    expect(special.text).toContain("expected: 1 write");
    expect(cases.test_put_writes_idempotent.failure.type).toBe("TypeError");
    expect(cases.test_put_writes_then_delete_for_runs.skipped.message).toBe("needs deleteForRuns()");
    expect(cases.test_put_writes_task_path_order["system-out"]).toContain("KNOWN DEVIATION: stores writes in task-id order");
    expect(cases.test_put_writes_task_path_order.failure).toBeUndefined();

    const advisory = byName.put.testcase.find((c: Record<string, any>) => c.name === "test_put_stores_only_changed_channels");
    expect(advisory.failure).toBeUndefined();
    expect(advisory["system-out"]).toContain("ADVISORY");
    expect(advisory.properties.property).toContainEqual({ name: "advisory", value: "true" });

    // A capability that did not run lists its spec tests as skipped, with the reason.
    const prune = byName.prune;
    expect(prune).toMatchObject({ tests: "1", skipped: "1" });
    expect(prune.testcase[0]).toMatchObject({
      name: "test_prune_example",
      classname: "prune",
      skipped: { message: "the saver has no prune() method" },
    });
    expect(byName.run.testcase[0].failure.message).toBe("the lifespan's teardown failed: connection reset");
    // The verdict and the Result line every reporter prints, as properties of an empty first suite.
    expect(byName.verdict).toMatchObject({ tests: "0", failures: "0" });
    expect(byName.verdict.properties.property).toContainEqual({ name: "result", value: fixedReport().verdict().resultLine });
    expect(byName.verdict.properties.property).toContainEqual({ name: "passed", value: "false" });
  });

  it("markdown has the level, a row per capability and the failures with their catalog ids", () => {
    const md = renderAll("markdown");
    expect(md).toContain("**Result: BASE (5/6) +1 known deviation; 1 run error**");
    expect(md).toContain("BASE: some base capabilities passed; failed: put\\_writes, run errors");
    expect(md.match(/^\| `[a-z_]+` \|/gm)).toHaveLength(9);
    expect(md).toContain("| `put_writes` | base | ❌ failed | 1 | 2 | 1 |");
    expect(md).toContain("<code>put_writes › test_put_writes_special_channels</code> (`PW-05`, `JS-03`)");
    expect(md).toContain("2 bugs likely, worst first — 2 failures:");
    expect(md).toContain("````text\n"); // the message holds a ``` run, so the fence is longer
    expect(md).toContain("## Checkpointer conformance: Fixed\\<Saver\\> & co");
  });
});
