import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConformanceReport } from "../../src/report/conformance-report.js";
import { renderHtmlReport } from "../../src/reporters/html/report-html.js";
import { renderMatrixHtml } from "../../src/reporters/matrix/render-html.js";
import { xmlEscape } from "../../src/reporters/xml.js";
import { runInProcess } from "../cli/run-cli-in-process.js";
import { FIXTURES } from "../cli/run-cli-process.js";
import { spawnedFixture } from "../cli/spawned-fixture.js";
import { fixedReport } from "./fixed-report.js";
import { reportWithSections } from "./html-fixtures.js";
import { makeTempDir } from "../temp-dir.js";

/** Every URL the page would fetch or link to: a self-contained page has none. */
function externalReferences(html: string): string[] {
  return [
    ...html.matchAll(/\b(?:src|href|action)\s*=\s*["']?([^"'\s>]+)/gi),
    ...html.matchAll(/url\(\s*["']?([^"')]+)/gi),
    ...html.matchAll(/@import\s+["']?([^"';]+)/gi),
  ].map((m) => m[1]);
}

describe("the HTML report (structure, no browser)", () => {
  const html = renderHtmlReport(reportWithSections());

  it("is one self-contained page: doctype, inline style and script, nothing fetched, a CSP that forbids the network", () => {
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(externalReferences(html)).toEqual([]);
    expect(html).not.toMatch(/<link\b|<script\b[^>]*\bsrc=|<iframe\b|<img\b/i);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"`);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it("leads with the verdict and the Result line, then a row per capability", () => {
    const report = reportWithSections();
    expect(html).toContain(`<span class="verdict failed" id="verdict">FAILED</span>`);
    expect(html).toContain(`<p class="result" id="result">${xmlEscape(report.verdict().resultLine)}</p>`);
    for (const r of report.capabilityResults()) expect(html).toContain(`<td><code>${r.capability}</code></td>`);
  });

  it("shows each section as a row under the capabilities: a failed model run is seen there, not only in the verdict", () => {
    const table = html.slice(html.indexOf('<table id="capabilities"'), html.indexOf("</table>"));
    expect(table).toContain(
      '<tr class="section"><td><code>model</code></td><td>section</td><td class="fail">✗ failed</td><td class="num">8</td><td class="num">1</td>',
    );
    expect(table).toContain(
      '<tr class="section"><td><code>graph</code></td><td>section</td><td class="fail">✗ failed</td><td class="num">1</td><td class="num">1</td>',
    );
  });

  it("shows every failure with its ids, description, message, and expected beside actual; text is escaped", () => {
    // Grouped by cause: the spec failures, the graph case and the model disagreement, each cause once.
    expect(html).toContain("Failures by cause (4)");
    expect(html).toContain("3 bugs likely, worst first — 4 failures.");
    expect(html).toContain('put_writes › test_put_writes_special_channels</code> <span class="muted mono">[PW-05, JS-03]</span>');
    expect(html).toContain("the __error__ write &lt;from task &quot;t1&quot;&gt; &amp; its value must read back once");
    expect(html).toMatch(/<h4 class="pass">expected<\/h4><pre>1 write<\/pre><\/div><div><h4 class="fail">actual<\/h4><pre>2 writes<\/pre>/);
    expect(html).toContain('<span class="line-expected">  expected: 1 write</span>');
    expect(html).toContain("The saver threw TypeError in putWrites: cannot read properties of undefined");
    expect(html).toContain("Checkpointer conformance: Fixed&lt;Saver&gt; &amp; co");
  });

  it("shows a graph divergence side by side, with the probe-confirmed cause and the legend, and the model's reproduction and replay", () => {
    expect(html).toMatch(
      /G16\[resume-map\][\s\S]*First difference at step 2 <code>getState at the pause<\/code>, field <code>tasks\[0\]\.interrupts\.length<\/code>/,
    );
    expect(html).toMatch(
      /<h4 class="pass">MemorySaver \(reference\)<\/h4><pre>1<\/pre><\/div><div><h4 class="fail">this saver<\/h4><pre>0<\/pre>/,
    );
    expect(html).toContain("confirmed by probe special-upsert");
    expect(html).toContain("clause [JS-03, putWrites()]: a write to __error__");
    expect(html).toContain("legend: step N = the Nth thing the scenario recorded");
    // In the graph section the side-by-side view shows the two values (the failures by cause quote the message).
    expect(html.slice(html.indexOf('<h2 id="graph"'))).not.toContain("MemorySaver: 1");
    expect(html).toContain("1 not applicable</summary>");
    expect(html).toContain("<code>getTuple()</code> disagrees with the model after 9 sequence(s)");
    expect(html).toContain("await saver.putWrites(config, [[&quot;ch&quot;, 1]], &quot;&lt;task&gt;&quot;);");
    expect(html).toContain("validate(registered, { model: { seed: 7, path: &quot;1:2@AA&quot; } })");
  });

  it("says latest-only in the level and lists the tests that were not applicable", () => {
    const base = fixedReport();
    const results = {
      ...base.results,
      list: {
        ...base.results.list!,
        tests: [
          ...base.results.list!.tests,
          {
            status: "skipped" as const,
            name: "test_list_before",
            ids: ["LS-10" as const],
            description: "before",
            advisory: false,
            reason: "not applicable (latest-only): needs checkpoints older than the latest",
          },
        ],
      },
    };
    const page = renderHtmlReport(new ConformanceReport({ subjectName: "Shallow", results, profile: "latest-only" }));
    expect(page).toMatch(/Result: BASE \(latest-only\) \(/);
    expect(page).toContain("1 tests not applicable (latest-only)</summary><ul><li><code>list › test_list_before</code>");
  });

  it("renders the backend matrix with each backend's report", () => {
    const page = renderMatrixHtml({
      durationMs: 10,
      outcomes: [
        { status: "ran", id: "mine", title: "Fixed<Saver>", report: reportWithSections(), durationMs: 900 },
        { status: "skipped", id: "redis", title: "RedisSaver", reason: "REDIS_URL is not set" },
      ],
    });
    expect(page).toContain('<table id="matrix">');
    expect(page).toContain(`<th>put_writes</th><td class="fail">✗ 1/3 +1 dev</td><td class="muted">skipped</td>`);
    expect(page).toContain("<code>redis</code> (skipped): REDIS_URL is not set");
    expect(page).toContain('<summary>mine: BASE <span class="muted">Fixed&lt;Saver&gt;</span></summary>');
    expect(externalReferences(page)).toEqual([]);
  });

  it("CLI: --reporter html:FILE writes the page, and the screen says where", async () => {
    const dir = makeTempDir("conformance-html-");
    const file = join(dir, "report.html");
    const run = await runInProcess([spawnedFixture(`${FIXTURES}/memory.ts`), "--capabilities", "put", "--reporter", `html:${file}`]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`reports written to ${file}`);
    const page = readFileSync(file, "utf8");
    expect(page).toContain('<span class="verdict passed" id="verdict">PASSED</span>');
    expect(page).toContain("MemorySaver (ts)");
  });

  it("CLI: with --backends, --reporter html:FILE writes the matrix page", async () => {
    const file = join(makeTempDir("conformance-html-"), "matrix.html");
    const run = await runInProcess(["--backends", "memory", "--no-graph", "--capabilities", "put", "--reporter", `html:${file}`]);
    expect(run.code).toBe(0);
    const page = readFileSync(file, "utf8");
    expect(page).toContain('<table id="matrix">');
    expect(page).toMatch(/<summary>memory: (FULL|BASE)/);
  });
});
