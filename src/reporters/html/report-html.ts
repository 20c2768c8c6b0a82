import { isNotApplicableReason } from "../../kinds/checkpointer/profile.js";
import { countsOf, isDeviation, type CapabilityResult, type ConformanceReport } from "../../report/conformance-report.js";
import type { FailureCause } from "../../diagnosis/causes/group.js";
import { failureGroupsHtml, idsHtml } from "./failures.js";
import { esc, htmlPage, toolbar } from "./page.js";
import { sectionHtml } from "./sections.js";
import { sectionKindOf } from "../../sections/index.js";
import type { ReportSection } from "../../report/types.js";
import { attemptsLabel } from "../summary.js";
import { incompleteBanner } from "../../report/incomplete-banner.js";

/** The whole report as one self-contained HTML page. */
export function renderHtmlReport(report: ConformanceReport, causes: readonly FailureCause[] = report.causes()): string {
  // The report's verdict rule (docs/verdict.md): the base capabilities in scope and every section that ran.
  const passed = report.verdict().passed;
  // A run that did not complete is headed so (INTERRUPTED, INCOMPLETE), never FAILED: what did not run did not fail.
  const banner = incompleteBanner(report);
  const heading = banner === undefined ? (passed ? "PASSED" : "FAILED") : banner.slice(0, banner.indexOf(":"));
  const body = [
    `<h1>Checkpointer conformance: ${esc(report.subjectName)}</h1>`,
    `<p><span class="verdict ${passed ? "passed" : "failed"}" id="verdict">${heading}</span> <span class="muted">(the base capabilities selected and every section that ran; ${(report.durationMs / 1000).toFixed(1)} s)</span></p>`,
    ...(banner === undefined ? [] : [`<p class="result" id="incomplete">${esc(banner)}</p>`]),
    reportBodyHtml(report, causes),
  ].join("\n");
  return htmlPage(`${report.subjectName}: ${report.levelLabel()}`, body);
}

/** Everything below the title: Result line, capability table, failures, sections, notes. Shared with the matrix page. */
export function reportBodyHtml(report: ConformanceReport, causes: readonly FailureCause[] = report.causes()): string {
  const profile =
    report.profile === "latest-only"
      ? `<p class="muted">Profile: latest-only — the saver keeps only the latest checkpoint per thread and namespace; tests that need older checkpoints are not applicable.</p>`
      : "";
  const verdict = report.verdict();
  return [
    `<p class="result" id="result">${esc(verdict.resultLine)}</p>`,
    `<p class="muted" id="explanation">${esc(verdict.explanation)}</p>`,
    profile,
    `<h2>Capabilities</h2>`,
    capabilityTable(report),
    `<h2 id="failures">Failures by cause (${causes.reduce((n, c) => n + c.failures.length, 0)})</h2>`,
    causes.length > 0 ? toolbar() : "",
    failureGroupsHtml(causes),
    deviationsHtml(report),
    notCheckedHtml(report),
    advisoriesHtml(report),
    notApplicableHtml(report),
    ...report.sections.map(sectionHtml),
    report.errors.length > 0 ? `<h2>Errors</h2><ul>${report.errors.map((e) => `<li class="fail">${esc(e)}</li>`).join("")}</ul>` : "",
  ]
    .filter((part) => part !== "")
    .join("\n");
}

function capabilityTable(report: ConformanceReport): string {
  const rows = report.capabilityResults().map((r) => {
    const counts = countsOf(r);
    // Advisory tests are outside countsOf's columns, so they are left out of this one too.
    const na = notApplicable(r).filter((t) => !t.advisory).length;
    const { symbol, cls } = STATUS_LOOK[r.status];
    const inherited = r.inherited ? " (inherited)" : "";
    const reason = "reason" in r ? ` <span class="muted">${esc(r.reason)}</span>` : "";
    return `<tr><td><code>${esc(r.capability)}</code></td><td>${r.kind}</td><td class="${cls}">${symbol} ${esc(r.status.replace("-", " "))}${inherited}${reason}</td><td class="num">${counts.passed}</td><td class="num">${counts.failed}</td><td class="num">${counts.skipped - na}</td><td class="num">${na}</td><td class="num">${r.tests.filter(isDeviation).length}</td></tr>`;
  });
  rows.push(...report.sections.map(sectionRow));
  return `<table id="capabilities"><thead><tr><th>capability</th><th>kind</th><th>status</th><th>passed</th><th>failed</th><th>skipped</th><th>not applicable</th><th>known deviations</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

/** A section (graph, model) as a row under the capabilities, so a failed one is seen where they are, not only in the verdict. */
function sectionRow(section: ReportSection): string {
  const passed = section.passed();
  const kind = sectionKindOf(section);
  const cell = kind?.matrixCell(section);
  const status = cell?.status ?? (passed === null ? "skipped" : passed ? "passed" : "failed");
  const { symbol, cls } = status === "error" ? STATUS_LOOK.failed : STATUS_LOOK[status];
  const count = (n: number | undefined) => `<td class="num">${n ?? ""}</td>`;
  return `<tr class="section"><td><code>${esc(section.key)}</code></td><td>section</td><td class="${cls}">${symbol} ${status}</td>${count(cell?.passed)}${count(cell?.failed)}${count(undefined)}${count(undefined)}${count(cell?.deviations)}</tr>`;
}

/** Plain symbols: the terminal's emoji are missing from many fonts a browser may fall back to. */
const STATUS_LOOK: Record<CapabilityResult["status"], { symbol: string; cls: string }> = {
  passed: { symbol: "✓", cls: "pass" },
  failed: { symbol: "✗", cls: "fail" },
  "not-implemented": { symbol: "⊘", cls: "muted" },
  skipped: { symbol: "–", cls: "muted" },
};

function notApplicable(r: CapabilityResult) {
  return r.tests.filter((t) => t.status === "skipped" && isNotApplicableReason(t.reason));
}

function deviationsHtml(report: ConformanceReport): string {
  const items = report
    .capabilityResults()
    .flatMap((r) => r.tests.filter((t) => t.deviation !== undefined && !t.advisory && t.status !== "skipped").map((t) => ({ r, t })));
  if (items.length === 0) return "";
  const list = items.map(
    ({ r, t }) =>
      `<li><span class="warn">${isDeviation(t) ? "⚑" : "✓ did not occur:"}</span> <code>${esc(r.capability)} › ${esc(t.name)}</code> ${idsHtml(t.ids)}: ${esc(t.deviation ?? "")}</li>`,
  );
  return `<h2>Known deviations <span class="muted">(declared by the registration)</span></h2><ul>${list.join("")}</ul>`;
}

/** Tests not checked (a precondition through another capability failed), and flaky tests the run allowed. */
function notCheckedHtml(report: ConformanceReport): string {
  const notChecked = report
    .notChecked()
    .map(
      ({ capability, test }) =>
        `<li><span class="warn">–</span> <code>${esc(capability)} › ${esc(test.name)}</code> ${idsHtml(test.ids)}: ${esc(test.reason)}</li>`,
    );
  const flaky = report
    .flaky()
    .filter(({ test }) => test.status === "passed")
    .map(
      ({ capability, test }) =>
        `<li><span class="warn">~</span> <code>${esc(capability)} › ${esc(test.name)}</code> ${idsHtml(test.ids)}: ${esc(attemptsLabel(test))}; first failure: ${esc(test.flaky.message.split("\n", 1)[0])}</li>`,
    );
  return [
    notChecked.length > 0
      ? `<h2 id="not-checked">Not checked <span class="muted">(a step through another capability failed)</span></h2><ul>${notChecked.join("")}</ul>`
      : "",
    flaky.length > 0
      ? `<h2 id="flaky">Flaky, allowed <span class="muted">(failed, then passed on a retry)</span></h2><ul>${flaky.join("")}</ul>`
      : "",
  ].join("");
}

function advisoriesHtml(report: ConformanceReport): string {
  const items = report
    .capabilityResults()
    .flatMap((r) => r.tests.filter((t) => t.advisory && t.status === "failed").map((t) => ({ r, t })));
  if (items.length === 0) return "";
  const list = items.map(
    ({ r, t }) =>
      `<li><span class="warn">⚠</span> <code>${esc(r.capability)} › ${esc(t.name)}</code> ${idsHtml(t.ids)}: ${esc(t.description)}</li>`,
  );
  return `<h2>Advisory <span class="muted">(reported, never fails a capability)</span></h2><ul>${list.join("")}</ul>`;
}

function notApplicableHtml(report: ConformanceReport): string {
  const items = report.capabilityResults().flatMap((r) => notApplicable(r).map((t) => ({ r, t })));
  if (items.length === 0) return "";
  const list = items.map(({ r, t }) => `<li><code>${esc(r.capability)} › ${esc(t.name)}</code> ${idsHtml(t.ids)}</li>`);
  return `<details id="not-applicable"><summary class="na">${items.length} tests not applicable (latest-only)</summary><ul>${list.join("")}</ul></details>`;
}
