import { incompleteBanner } from "../report/incomplete-banner.js";
import { appendFileSync } from "node:fs";
import { isCountedFailure, type ConformanceReport } from "../report/conformance-report.js";
import { renderMarkdown } from "./markdown.js";
import { alsoHit, shownLabel } from "../report/causes-text.js";
import { attemptsSuffix } from "./summary.js";
import type { ReporterFactory, ReportFormat } from "./types.js";
import { renderMatrixMarkdown } from "./matrix/render-markdown.js";
import { interruptionHeadline, interruptionLines } from "./matrix/render-interruption.js";
import type { MatrixResult } from "./matrix/types.js";

/** GitHub cuts longer annotation messages; the job summary has the whole text. */
const MAX_MESSAGE = 4000;

/**
 * GitHub Actions: one `::error` annotation per failure (on the saver's module
 * when the CLI knows it), and the Markdown report appended to the job summary
 * when `$GITHUB_STEP_SUMMARY` is set. Annotations go to stdout, where the
 * runner reads workflow commands.
 */
const githubReporter: ReporterFactory = (options) => ({
  render(report) {
    const summaryFile = (options.env ?? process.env).GITHUB_STEP_SUMMARY;
    if (summaryFile) appendFileSync(summaryFile, `${renderMarkdown(report)}\n`);
    return renderAnnotations(report, options.subjectFile);
  },
});

/** `prefix` goes before every annotation's title (the matrix puts a backend's id there). */
export function renderAnnotations(report: ConformanceReport, subjectFile?: string, prefix = ""): string {
  const annotations: string[] = [];
  // First: a run that did not complete says so before any failure.
  const banner = incompleteBanner(report);
  if (banner !== undefined)
    annotations.push(workflowCommand("warning", { file: subjectFile, title: `${prefix}${banner.slice(0, banner.indexOf(":"))}` }, banner));
  const error = (title: string, message: string) => annotations.push(errorAnnotation(`${prefix}${title}`, message, subjectFile));
  // One annotation per cause (spec, graph and model failures alike), not one per failing test.
  const causes = report.causes();
  causes.forEach((cause, i) => {
    const first = cause.failures[0];
    const n = cause.failures.length;
    const also = alsoHit(cause, Number.POSITIVE_INFINITY);
    const ids = first.ids.length > 0 ? ` [${first.ids.join(", ")}]` : "";
    // A retried first test says how its attempts went in the title too (FLAKY is what a reader must see first).
    const attempts = first.spec ? attemptsSuffix(first.spec.test) : "";
    error(
      `cause ${i + 1} of ${causes.length}: ${cause.title} (${n} test${n === 1 ? "" : "s"})${attempts}`,
      [`${shownLabel(first)}${ids}: ${first.description}`, first.message, ...(also ? [also] : [])].join("\n"),
    );
  });
  for (const result of report.capabilityResults()) {
    if (result.status === "failed" && !result.tests.some(isCountedFailure))
      error(`${result.capability} failed`, `the ${result.capability} capability failed; see the job summary`);
  }
  // Sections that list their failures are in the causes above; any other failed section is annotated as a whole.
  for (const section of report.sections) {
    if (section.passed() === false && section.failures === undefined) error(`${section.key} failed`, section.lines().join("\n"));
  }
  for (const problem of report.errors) error("run error", problem);
  const warning = (title: string, message: string) => annotations.push(workflowCommand("warning", { file: subjectFile, title }, message));
  for (const { capability, test } of report.notChecked())
    warning(`${capability} › ${test.name}: not checked`, `${test.reason}\n${test.precondition.message}`);
  const failures = causes.reduce((n, c) => n + c.failures.length, 0);
  const summary = `${causes.length} cause${causes.length === 1 ? "" : "s"} of ${failures} failure${failures === 1 ? "" : "s"} annotated`;
  return [...annotations, `checkpoint-conformance: ${prefix}${report.subjectName}: ${report.verdict().resultLine}; ${summary}`, ""].join(
    "\n",
  );
}

/** One `::error` workflow command. */
export function errorAnnotation(title: string, message: string, subjectFile?: string): string {
  return workflowCommand("error", { file: subjectFile, title }, message);
}

/** `::name key=value,...::message`, escaped as the Actions runner expects. */
function workflowCommand(name: string, properties: Record<string, string | undefined>, message: string): string {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${escapeProperty(value)}`)
    .join(",");
  const text = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}\n… (cut; the job summary has the rest)` : message;
  return `::${name}${props ? ` ${props}` : ""}::${escapeData(text)}`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * GitHub Actions for the matrix: every backend's failures as annotations (titles
 * prefixed with the backend's id), one for each backend that could not start,
 * and the Markdown matrix appended to `$GITHUB_STEP_SUMMARY` when it is set.
 */
export function renderMatrixGithub(result: MatrixResult, env: NodeJS.ProcessEnv, subjectFile?: string): string {
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${renderMatrixMarkdown(result)}\n`);
  return result.outcomes
    .map((o) =>
      o.status === "ran"
        ? renderAnnotations(o.report, subjectFile, `${o.id} › `)
        : o.status === "error"
          ? `${errorAnnotation(`${o.id} could not start`, o.error, subjectFile)}\n`
          : "",
    )
    .concat(
      result.interrupted
        ? [`${errorAnnotation(interruptionHeadline(result.interrupted), interruptionLines(result.interrupted).join("\n"), subjectFile)}\n`]
        : [],
    )
    .join("");
}

export const githubFormat: ReportFormat = {
  machine: true,
  report: githubReporter,
  matrix: (file, { env }) => renderMatrixGithub(file.result, env),
};
