import { formatValue } from "../../format.js";
import { GraphSection } from "../../graph/report-section.js";
import { graphFailureText, isCountedGraphFailure, type GraphCaseResult } from "../../graph/result.js";
import { ModelReportSection, shrunkText } from "../../model/model-report.js";
import type { ReportSection } from "../../report/conformance-report.js";
import { messageHtml, sideBySide } from "./message.js";
import { esc } from "./page.js";
import { thrownHtml } from "./failures.js";

/** A report section: graph cases with their divergence side by side, the model's reproduction, or the section's own lines. */
export function sectionHtml(section: ReportSection): string {
  if (section instanceof GraphSection) return graphHtml(section);
  if (section instanceof ModelReportSection) return modelHtml(section);
  return `<h2>${esc(section.key)}</h2><pre>${esc(section.lines().join("\n"))}</pre>`;
}

function graphHtml(section: GraphSection): string {
  const title = "<h2 id=\"graph\">Graph scenarios <span class=\"muted\">(each run on this saver and on MemorySaver; transcripts compared)</span></h2>";
  if (section.skipped !== undefined) return `${title}<p class="muted">Skipped: ${esc(section.skipped)}</p>`;
  const n = section.counts();
  const summary = `<p>${n.passed} passed, <span class="${n.failed > 0 ? "fail" : ""}">${n.failed} failed</span>, ${n.deviations} known deviations, ${n.notApplicable} not applicable (${section.results.length} cases)</p>`;
  const failed = section.results.filter((r) => r.status === "failed").map(graphCaseHtml).join("\n");
  const notApplicable = section.results.filter((r): r is Extract<GraphCaseResult, { status: "not-applicable" }> => r.status === "not-applicable");
  const na =
    notApplicable.length > 0
      ? `<details><summary class="na">${notApplicable.length} not applicable</summary><ul>${notApplicable.map((r) => `<li><code>${esc(r.id)}</code> ${esc(r.name)}: ${esc(r.reason)}</li>`).join("")}</ul></details>`
      : "";
  return `${title}${summary}${failed}${na}`;
}

function graphCaseHtml(r: GraphCaseResult): string {
  if (r.status !== "failed") return "";
  const counted = isCountedGraphFailure(r);
  const head = `<summary><span class="${counted ? "fail" : "warn"}">${counted ? "✗" : "⚑"}</span> <code>${esc(r.id)}</code> ${esc(r.name)}${r.deviation ? ` <span class="warn">(known deviation: ${esc(r.deviation)})</span>` : ""}</summary>`;
  const d = r.divergence;
  const body = d
    ? [
        `<p>First difference at step ${d.step} <code>${esc(d.label)}</code>, field <code>${esc(d.path)}</code>:</p>`,
        sideBySide("MemorySaver (reference)", d.expected === undefined ? "nothing (the key is absent)" : formatValue(d.expected), "this saver", d.actual === undefined ? "nothing (the key is missing)" : formatValue(d.actual)),
        thrownHtml(r),
        // The rest of the message: the probe-confirmed cause (or the transcript diff), the legend.
        messageHtml(r.message.split("\n").slice(3).join("\n")),
      ].join("\n")
    : `${thrownHtml(r)}${messageHtml(r.message)}`;
  return `<details class="${counted ? "failure" : "deviation"}" open data-filter="${esc(`graph ${r.id} ${r.name} ${graphFailureText(r)}`.toLowerCase())}">${head}${body}</details>`;
}

function modelHtml(section: ModelReportSection): string {
  const r = section.result;
  const title = "<h2 id=\"model\">Model <span class=\"muted\">(random operation sequences checked against the reference model)</span></h2>";
  const status =
    r.status === "passed"
      ? `<p class="pass">${r.runs} sequences, no disagreement (seed ${r.seed}).</p>`
      : r.status === "error"
        ? `<p class="fail">Could not run: ${esc(r.error ?? "")}</p>`
        : "";
  const declared = r.declared.map((d) => `<li class="warn">declared ${esc(d.behaviour)} [${esc(d.ids.join(", "))}]: ${d.occurrences > 0 ? `occurred ${d.occurrences}×` : "did not occur"}; ${esc(d.reason)}</li>`);
  const f = r.failure;
  const failure = f
    ? [
        `<details class="failure" open data-filter="${esc(`model ${f.operation} ${f.ids.join(" ")} ${f.lines.join(" ")}`.toLowerCase())}">`,
        `<summary><span class="fail">✗</span> <code>${esc(f.operation)}</code> disagrees with the model after ${r.runs} sequence(s) <span class="muted mono">[${esc(f.id)}]</span>${f.observedBy ? ` (seen in the answer of <code>${esc(f.observedBy)}</code>)` : ""}</summary>`,
        messageHtml([...f.lines, ...f.cause].join("\n")),
        `<p>Minimal reproduction (${esc(shrunkText(f))}):</p><pre><code>${esc(f.reproduction)}</code></pre>`,
        `<p>Replay: <code>validate(registered, { model: { seed: ${f.seed}, path: ${esc(JSON.stringify(f.path))} } })</code></p>`,
        `</details>`,
      ].join("\n")
    : "";
  return `${title}${status}${declared.length > 0 ? `<ul>${declared.join("")}</ul>` : ""}${failure}`;
}
