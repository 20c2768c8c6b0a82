import { countsOf, isDeviation, type ConformanceReport } from "../report/conformance-report.js";
import { capabilityCell } from "../report/text-layout.js";
import { attemptsSuffix } from "./summary.js";
import { incompleteBanner } from "../report/incomplete-banner.js";
import type { ReporterFactory, ReportFormat } from "./types.js";
import { renderMatrixMarkdown } from "./matrix/render-markdown.js";
import { causesHeadline, causeSummary, sectionCauseOptions, shownLabel } from "../report/causes-text.js";

/**
 * GitHub-flavoured Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`:
 * the level, one table row per capability, then failures with their catalog ids.
 */
const markdownReporter: ReporterFactory = () => ({
  render: renderMarkdown,
});

export function renderMarkdown(report: ConformanceReport): string {
  const verdict = report.verdict();
  const banner = incompleteBanner(report);
  const out = [
    `## Checkpointer conformance: ${inline(report.subjectName)}`,
    "",
    ...(banner === undefined ? [] : [`> **${inline(banner)}**`, ""]),
    `**${inline(verdict.resultLine)}**`,
    "",
    inline(verdict.explanation),
    "",
    "| capability | kind | status | passed | failed | skipped |",
    "| --- | --- | --- | ---: | ---: | ---: |",
  ];
  for (const r of report.capabilityResults()) {
    const { icon } = capabilityCell(r);
    const status = `${icon.trim()} ${r.status}${r.inherited ? " (inherited)" : ""}`;
    const counts = countsOf(r);
    out.push(`| \`${r.capability}\` | ${r.kind} | ${cell(status)} | ${counts.passed} | ${counts.failed} | ${counts.skipped} |`);
  }
  out.push("");

  const causes = report.causes();
  if (causes.length > 0) {
    out.push(`### Failures by cause`, "", inline(causesHeadline(causes)), "");
    causes.forEach((cause, i) => {
      const [first, ...rest] = cause.failures;
      out.push(
        `<details><summary>${html(causeSummary(cause, i + 1, 0))} <code>${cause.causeId}</code></summary>`,
        "",
        `<code>${html(first.label)}</code> ${ids(first.ids)}: ${html(first.description)}${html(first.spec ? attemptsSuffix(first.spec.test) : "")}`,
        "",
        fence(first.message),
        "",
        ...(rest.length > 0 ? [`Also: ${rest.map((f) => `<code>${html(shownLabel(f))}</code>`).join(", ")}`, ""] : []),
        "</details>",
        "",
      );
    });
  }

  const notChecked = report.notChecked();
  if (notChecked.length > 0) {
    out.push(`### Not checked (${notChecked.length}): a step through another capability failed`, "");
    for (const { capability, test } of notChecked)
      out.push(`- \`${capability}\` › \`${test.name}\` ${ids(test.ids)}: ${inline(test.reason)}`);
    out.push("");
  }
  const allowedFlaky = report.flaky().filter(({ test }) => test.status === "passed");
  if (allowedFlaky.length > 0) {
    out.push(`### Flaky, allowed (${allowedFlaky.length}): failed, then passed on a retry`, "");
    for (const { capability, test } of allowedFlaky)
      out.push(`- \`${capability}\` › \`${test.name}\` ${ids(test.ids)}: first failure: ${inline(test.flaky.message.split("\n", 1)[0])}`);
    out.push("");
  }

  const advisories = report
    .capabilityResults()
    .flatMap((r) => r.tests.filter((t) => t.advisory && t.status === "failed").map((t) => ({ r, t })));
  if (advisories.length > 0) {
    out.push("### Advisory (never fails a capability)", "");
    for (const { r, t } of advisories) out.push(`- \`${r.capability}\` › \`${t.name}\` ${ids(t.ids)}: ${inline(t.description)}`);
    out.push("");
  }

  const deviations = report.capabilityResults().flatMap((r) => r.tests.filter(isDeviation).map((t) => ({ r, t })));
  if (deviations.length > 0) {
    out.push("### Known deviations (declared by the registration)", "");
    for (const { r, t } of deviations) out.push(`- \`${r.capability}\` › \`${t.name}\` ${ids(t.ids)}: ${inline(t.deviation ?? "")}`);
    out.push("");
  }

  for (const section of report.sections) {
    const lines = section.lines(sectionCauseOptions(causes, section.key, "see Failures by cause"));
    if (lines.length > 0) out.push(`### ${inline(section.key)}`, "", fence(lines.join("\n")), "");
  }
  if (report.errors.length > 0) {
    out.push("### Errors", "", ...report.errors.map((e) => `- ${inline(e)}`), "");
  }
  return out.join("\n");
}

function ids(list: readonly string[]): string {
  return list.length > 0 ? `(${list.map((id) => `\`${id}\``).join(", ")})` : "";
}

/** A fenced block whose fence is longer than any backtick run inside. */
function fence(text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const marks = "`".repeat(longest + 1);
  return `${marks}text\n${text}\n${marks}`;
}

function cell(text: string): string {
  return inline(text).replace(/\|/g, "\\|");
}

function inline(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/([\\`*_[\]<>])/g, "\\$1");
}

function html(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c] ?? c);
}

export const markdownFormat: ReportFormat = {
  machine: true,
  report: markdownReporter,
  matrix: (file) => renderMatrixMarkdown(file.result),
};
