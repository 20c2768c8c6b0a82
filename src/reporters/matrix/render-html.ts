import { buildGrid } from "./grid.js";
import { ANSWERS_DIFFER_MARK, columnPlaceholder, seconds, summary, verdictSummary } from "./render-terminal.js";
import type { MatrixResult } from "./types.js";
import { esc, htmlPage } from "../html/page.js";
import { reportBodyHtml } from "../html/report-html.js";

/**
 * The backend matrix as one self-contained page: the backend x capability (and
 * section) table, where the backends disagree, and each backend's own report
 * below, collapsed. @public
 */
export function renderMatrixHtml(result: MatrixResult): string {
  const grid = buildGrid(result);
  const head = `<tr><th>capability</th>${grid.columns.map((c) => `<th title="${esc(c.title)}">${esc(c.id)}</th>`).join("")}</tr>`;
  const cell = (text: string | undefined, i: number) => {
    const shown = text ?? columnPlaceholder(grid.columns[i]);
    return `<td class="${shown.startsWith("✗") ? "fail" : shown.startsWith("✓") ? "pass" : "muted"}">${esc(shown)}</td>`;
  };
  const rows = [
    ...grid.rows.map(
      (r) => `<tr><th>${r.differs ? "≠ " : ""}${esc(r.capability)}</th>${r.cells.map((c, i) => cell(c?.text, i)).join("")}</tr>`,
    ),
    ...grid.sectionRows.map(
      (r) => `<tr><th><em>${r.differs ? "≠ " : ""}${esc(r.label)}</em></th>${r.cells.map((c, i) => cell(c?.text, i)).join("")}</tr>`,
    ),
    `<tr><th>level</th>${grid.columns.map((c) => `<td><strong>${esc(c.level ?? c.status)}</strong></td>`).join("")}</tr>`,
    `<tr><th>passed/failed</th>${grid.columns.map((c) => `<td class="num">${c.status === "ran" ? `${c.passed}/${c.failed}` : "-"}</td>`).join("")}</tr>`,
    `<tr><th>time</th>${grid.columns.map((c) => `<td class="num">${c.durationMs === undefined ? "-" : esc(seconds(c.durationMs))}</td>`).join("")}</tr>`,
  ];
  const disagreements =
    grid.disagreements.length > 0
      ? `<h2>Where the backends disagree</h2><table><thead><tr><th>row</th><th>test</th><th>verdicts</th></tr></thead><tbody>${grid.disagreements
          .map((d) => `<tr><td>${esc(d.row)}</td><td><code>${esc(d.test)}</code></td><td>${esc(verdictSummary(d))}</td></tr>`)
          .join("")}</tbody></table>`
      : "";
  const facts =
    grid.facts.length > 0
      ? `<h2>Behaviour profile</h2><p class="muted">Implementation-defined questions: each backend's answer, never pass/fail; ${ANSWERS_DIFFER_MARK} where they differ.</p><table><thead><tr><th>id</th><th>question</th>${grid.columns
          .map((c) => `<th>${esc(c.id)}</th>`)
          .join("")}</tr></thead><tbody>${grid.facts
          .map(
            (f) =>
              `<tr${f.differ ? ' class="warn"' : ""}><td class="mono">${f.differ ? `${ANSWERS_DIFFER_MARK} ` : ""}${esc(f.id)}</td><td>${esc(f.question)}</td>${f.answers.map((a) => `<td>${esc(a ?? "-")}</td>`).join("")}</tr>`,
          )
          .join("")}</tbody></table>`
      : "";
  const notRun = grid.columns.filter((c) => c.note !== undefined);
  const notRunHtml =
    notRun.length > 0
      ? `<h2>Not run</h2><ul>${notRun.map((c) => `<li><code>${esc(c.id)}</code> (${esc(c.status)}): ${esc(c.note ?? "")}</li>`).join("")}</ul>`
      : "";
  const reports = result.outcomes
    .filter((o) => o.status === "ran")
    .map(
      (o) =>
        `<details data-filter="${esc(o.id.toLowerCase())}"><summary>${esc(o.id)}: ${esc(o.report.levelLabel())} <span class="muted">${esc(o.title)}</span></summary>${reportBodyHtml(o.report)}</details>`,
    );
  const body = [
    `<h1>Conformance matrix</h1>`,
    `<p class="result" id="result">${esc(summary(grid.columns))}</p>`,
    `<table id="matrix"><thead>${head}</thead><tbody>${rows.join("")}</tbody></table>`,
    `<p class="muted">Backends: ${grid.columns.map((c) => `<code>${esc(c.id)}</code> = ${esc(c.title)}`).join(", ")}.</p>`,
    disagreements,
    facts,
    notRunHtml,
    reports.length > 0 ? `<h2>Reports by backend</h2>${reports.join("\n")}` : "",
  ]
    .filter((part) => part !== "")
    .join("\n");
  return htmlPage("Conformance matrix", body);
}
