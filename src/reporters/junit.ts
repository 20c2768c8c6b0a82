import { incompleteBanner } from "../report/incomplete-banner.js";
import type { CapabilityResult, ConformanceReport, ReportSection, TestResult } from "../report/conformance-report.js";
import { isCountedFailure } from "../report/conformance-report.js";
import type { ListedSpecTest } from "../report/spec-test-list.js";
import { attemptsLabel, firstLine } from "./summary.js";
import type { ReporterFactory, ReportFormat } from "./types.js";
import { xmlAttributes, xmlEscape } from "./xml.js";
import { interruptionHeadline, interruptionLines } from "./matrix/render-interruption.js";
import type { BackendOutcome, MatrixInterruption, MatrixResult } from "./matrix/types.js";

/**
 * JUnit XML for CI: one `<testsuite>` per capability, one `<testcase>` per
 * spec test (classname = capability). Advisory results and known deviations
 * pass, with their message in `<system-out>` and a property saying which.
 */
const junitReporter: ReporterFactory = () => ({
  render: renderJunit,
});

export interface Counts {
  tests: number;
  failures: number;
  skipped: number;
}

export function renderJunit(report: ConformanceReport): string {
  return junitDocument(`checkpoint-conformance: ${report.subjectName}`, report.durationMs, junitSuites(report));
}

/** One suite of the document: its counts and its XML lines. */
export interface JunitSuite {
  counts: Counts;
  xml: string[];
}

/**
 * A report's suites: the verdict, one per capability, one per section, the run's errors.
 * `prefix` goes before every suite name and classname (the matrix puts a backend's id there).
 */
export function junitSuites(report: ConformanceReport, prefix = ""): JunitSuite[] {
  // Every failing testcase carries the id of its cause (the json reporter's `causes` list explains each).
  const causes = report.causes();
  const causeOf = new Map(causes.flatMap((c) => c.failures.map((f) => [f.label, c.causeId] as const)));
  const sectionCauses = (key: string) => [
    ...new Set(causes.flatMap((c) => c.failures.filter((f) => f.section === key).map(() => c.causeId))),
  ];
  return [
    { counts: { tests: 0, failures: 0, skipped: 0 }, xml: verdictSuite(report, prefix) },
    ...report.capabilityResults().map((r) => capabilitySuite(report, r, prefix, causeOf)),
    ...report.sections.map((s) => sectionSuite(s, prefix, sectionCauses(s.key))),
    ...(report.errors.length > 0 ? [errorsSuite(report.errors, prefix)] : []),
  ];
}

/** The `<testsuites>` document around `suites`, with their totals. */
export function junitDocument(name: string, durationMs: number, suites: readonly JunitSuite[]): string {
  const total = suites.reduce(
    (sum, s) => ({
      tests: sum.tests + s.counts.tests,
      failures: sum.failures + s.counts.failures,
      skipped: sum.skipped + s.counts.skipped,
    }),
    { tests: 0, failures: 0, skipped: 0 },
  );
  const root = xmlAttributes({ name, ...total, errors: 0, time: seconds(durationMs) });
  return [`<?xml version="1.0" encoding="UTF-8"?>`, `<testsuites${root}>`, ...suites.flatMap((s) => s.xml), `</testsuites>`, ""].join("\n");
}

/** The verdict and the Result line, as the properties of an empty first suite (JUnit has no run-level properties). */
function verdictSuite(report: ConformanceReport, prefix: string): string[] {
  const verdict = report.verdict();
  return [
    `  <testsuite${xmlAttributes({ name: `${prefix}verdict`, tests: 0, failures: 0, skipped: 0, errors: 0 })}>`,
    `    <properties>`,
    ...(incompleteBanner(report) !== undefined ? [property("incomplete", incompleteBanner(report)!, 6)] : []),
    property("result", verdict.resultLine, 6),
    property("level", verdict.level, 6),
    property("passed", String(verdict.passed), 6),
    property("explanation", verdict.explanation, 6),
    `    </properties>`,
    `  </testsuite>`,
  ];
}

function capabilitySuite(
  report: ConformanceReport,
  result: CapabilityResult,
  prefix: string,
  causeOf: ReadonlyMap<string, string>,
): JunitSuite {
  const cases =
    (result.status === "skipped" && !result.interrupted) || result.status === "not-implemented"
      ? notRunCases(result, report.specTests[result.capability] ?? [], result.reason, prefix)
      : result.tests.map((t) => testCase(`${prefix}${result.capability}`, t, causeOf.get(`${result.capability} › ${t.name}`)));
  const counts = {
    tests: cases.length,
    failures: cases.filter((c) => c.failed).length,
    skipped: cases.filter((c) => c.skipped).length,
  };
  const attrs = xmlAttributes({ name: `${prefix}${result.capability}`, ...counts, errors: 0, time: seconds(result.durationMs) });
  return {
    counts,
    xml: [
      `  <testsuite${attrs}>`,
      `    <properties>`,
      property("kind", result.kind, 6),
      property("status", result.status, 6),
      property("detected", String(result.detected), 6),
      ...(result.inherited ? [property("inherited", "true", 6)] : []),
      `    </properties>`,
      ...cases.flatMap((c) => c.xml),
      `  </testsuite>`,
    ],
  };
}

interface Case {
  failed: boolean;
  skipped: boolean;
  xml: string[];
}

/** A capability that did not run still lists its spec tests (the report's list of its kind), each skipped with the capability's reason. */
function notRunCases(result: CapabilityResult, listed: readonly ListedSpecTest[], reason: string, prefix: string): Case[] {
  return listed.map((t) => ({
    failed: false,
    skipped: true,
    xml: [
      `    <testcase${xmlAttributes({ name: t.name, classname: `${prefix}${result.capability}`, time: "0.000" })}>`,
      idsProperties(t.ids, t.advisory ?? false),
      `      <skipped${xmlAttributes({ message: reason })}/>`,
      `    </testcase>`,
    ],
  }));
}

function testCase(capability: string, t: TestResult, causeId: string | undefined): Case {
  const time = t.status === "skipped" ? "0.000" : seconds(t.durationMs);
  const open = `    <testcase${xmlAttributes({ name: t.name, classname: capability, time })}>`;
  const body: string[] = [];
  const systemOut: string[] = [];
  if (t.status === "skipped") body.push(`      <skipped${xmlAttributes({ message: t.reason })}/>`);
  else if (t.status === "failed" && (t.advisory || t.deviation !== undefined)) {
    const note = t.advisory ? "ADVISORY (reported, never fails the capability)" : `KNOWN DEVIATION: ${t.deviation}`;
    systemOut.push(`${note}\n${t.failure.message}`);
  } else if (t.status === "failed") {
    const label = attemptsLabel(t);
    const details = xmlEscape(`${t.description}\n${label === "" ? "" : `${label}\n`}\n${t.failure.message}`);
    const message = label === "" ? firstLine(t.failure.message) : `${label}: ${firstLine(t.failure.message)}`;
    body.push(`      <failure${xmlAttributes({ message, type: t.failure.errorName })}>${details}</failure>`);
  } else if (t.flaky !== undefined) {
    systemOut.push(`${attemptsLabel(t)}; the first attempt failed:\n${t.flaky.message}`);
  }
  if (t.status === "skipped" && t.precondition !== undefined) systemOut.push(t.precondition.message);
  if (t.output !== undefined) systemOut.push(`saver output:\n${t.output}`);
  if (systemOut.length > 0) body.push(`      <system-out>${xmlEscape(systemOut.join("\n"))}</system-out>`);
  const deviation = [
    ...(t.deviation !== undefined ? [property("deviation", t.deviation, 8)] : []),
    ...(t.attempts !== undefined ? [property("attempts", String(t.attempts), 8)] : []),
    ...(t.flaky !== undefined ? [property("flaky", "true", 8)] : []),
    ...(t.status === "skipped" && t.precondition !== undefined ? [property("precondition", t.precondition.capability, 8)] : []),
    ...(causeId !== undefined ? [property("cause_id", causeId, 8)] : []),
  ];
  return {
    failed: isCountedFailure(t),
    skipped: t.status === "skipped",
    xml: [open, idsProperties(t.ids, t.advisory, deviation), ...body, `    </testcase>`],
  };
}

function idsProperties(ids: readonly string[], advisory: boolean, extra: string[] = []): string {
  return [
    `      <properties>`,
    property("ids", ids.join(","), 8),
    ...(advisory ? [property("advisory", "true", 8)] : []),
    ...extra,
    `      </properties>`,
  ].join("\n");
}

/** Graph scenarios, model runs and other report sections: one testcase each. */
function sectionSuite(section: ReportSection, prefix: string, causeIds: readonly string[]): JunitSuite {
  const passed = section.passed();
  const counts = { tests: 1, failures: passed === false ? 1 : 0, skipped: passed === null ? 1 : 0 };
  const text = xmlEscape(section.lines().join("\n"));
  const verdict =
    passed === false
      ? `      <failure${xmlAttributes({ message: `the ${section.key} section failed` })}>${text}</failure>`
      : passed === null
        ? `      <skipped${xmlAttributes({ message: `the ${section.key} section did not run` })}/>`
        : `      <system-out>${text}</system-out>`;
  return {
    counts,
    xml: [
      `  <testsuite${xmlAttributes({ name: `${prefix}${section.key}`, ...counts, errors: 0 })}>`,
      `    <testcase${xmlAttributes({ name: section.key, classname: `${prefix}${section.key}` })}>`,
      ...(causeIds.length > 0 ? [`      <properties>`, property("cause_ids", causeIds.join(","), 8), `      </properties>`] : []),
      verdict,
      `    </testcase>`,
      `  </testsuite>`,
    ],
  };
}

function errorsSuite(errors: readonly string[], prefix: string): JunitSuite {
  return {
    counts: { tests: errors.length, failures: errors.length, skipped: 0 },
    xml: [
      `  <testsuite${xmlAttributes({ name: `${prefix}run`, tests: errors.length, failures: errors.length, skipped: 0, errors: 0 })}>`,
      ...errors.flatMap((e, i) => [
        `    <testcase${xmlAttributes({ name: `run_error_${i + 1}`, classname: `${prefix}run` })}>`,
        `      <failure${xmlAttributes({ message: firstLine(e) })}>${xmlEscape(e)}</failure>`,
        `    </testcase>`,
      ]),
      `  </testsuite>`,
    ],
  };
}

function property(name: string, value: string, indent: number): string {
  return `${" ".repeat(indent)}<property${xmlAttributes({ name, value })}/>`;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/**
 * The matrix as JUnit XML: each backend's report as the single-saver JUnit
 * reporter writes it, its suites and classnames prefixed with `<backend> › `;
 * a backend that did not run is one suite with one skipped (or, when it could
 * not start, failed) test case.
 */
export function renderMatrixJunit(result: MatrixResult): string {
  const suites = result.outcomes.flatMap((o) => (o.status === "ran" ? junitSuites(o.report, `${o.id} › `) : [notRunSuite(o)]));
  if (result.interrupted) suites.push(interruptedSuite(result.interrupted));
  return junitDocument("checkpoint-conformance: backend matrix", result.durationMs, suites);
}

function notRunSuite(outcome: Exclude<BackendOutcome, { status: "ran" }>): JunitSuite {
  return outcome.status === "error"
    ? oneCaseSuite(outcome.id, { failure: `could not start: ${outcome.error}` })
    : oneCaseSuite(outcome.id, { skipped: `skipped: ${outcome.reason}` });
}

/** A run cut short by a signal: one failed case naming what did not run. */
function interruptedSuite(interrupted: MatrixInterruption): JunitSuite {
  return oneCaseSuite("interrupted", { failure: interruptionHeadline(interrupted), details: interruptionLines(interrupted).join("\n") });
}

/** A suite of one test case named `name`, failed or skipped with `message`. */
function oneCaseSuite(name: string, outcome: { failure: string; details?: string } | { skipped: string }): JunitSuite {
  const failed = "failure" in outcome;
  const counts = { tests: 1, failures: failed ? 1 : 0, skipped: failed ? 0 : 1 };
  const verdict = failed
    ? `      <failure${xmlAttributes({ message: outcome.failure })}>${xmlEscape(outcome.details ?? outcome.failure)}</failure>`
    : `      <skipped${xmlAttributes({ message: outcome.skipped })}/>`;
  return {
    counts,
    xml: [
      `  <testsuite${xmlAttributes({ name, ...counts, errors: 0 })}>`,
      `    <testcase${xmlAttributes({ name, classname: name })}>`,
      verdict,
      `    </testcase>`,
      `  </testsuite>`,
    ],
  };
}

export const junitFormat: ReportFormat = { machine: true, report: junitReporter, matrix: (file) => renderMatrixJunit(file.result) };
