import { DEFAULT_SUBJECT_KIND, kindDescriptor } from "../kinds/descriptors.js";
import { isNotApplicableReason } from "../kinds/checkpointer/profile.js";
import { firstLine } from "../util/text.js";
import { capabilityResultsOf, countsOf, isCountedFailure, isNotChecked, type TestResult } from "./results.js";
import type { FailureCause, ReportData, ReportDict } from "./types.js";
import { verdictOf } from "./verdict.js";

/**
 * Python's `to_dict()` shape (same keys), plus `status`, `inherited`,
 * `advisories`, details, the verdict's summary and the causes: those are
 * given (src/diagnosis/causes/ groups them), so this layer does no analysis.
 */
export function reportToDict(report: ReportData, causes: readonly FailureCause[]): ReportDict {
  const results: ReportDict["results"] = {};
  const causeOf = new Map(causes.flatMap((c) => c.failures.map((f) => [f.label, c.causeId] as const)));
  for (const r of capabilityResultsOf(report.results)) {
    const counts = countsOf(r);
    const failed = r.tests.filter((t): t is Extract<TestResult, { status: "failed" }> => t.status === "failed");
    results[r.capability] = {
      detected: r.detected,
      passed: r.status === "passed" ? true : r.status === "failed" ? false : null,
      tests_passed: counts.passed,
      tests_failed: counts.failed,
      tests_skipped: counts.skipped,
      // Under latest-only: how many of the skipped tests need older checkpoints (not applicable, never passed).
      ...(report.profile !== "full"
        ? { tests_not_applicable: r.tests.filter((t) => !t.advisory && t.status === "skipped" && isNotApplicableReason(t.reason)).length }
        : {}),
      failures: failed.filter(isCountedFailure).map((t) => `${t.name}: ${firstLine(t.failure.message)}`),
      status: r.status,
      inherited: r.inherited,
      ...(r.status === "not-implemented" || r.status === "skipped" ? { reason: r.reason } : {}),
      advisories: r.tests
        .filter((t) => t.advisory && t.status !== "skipped")
        .map((t) => ({
          name: t.name,
          ids: t.ids,
          passed: t.status === "passed",
          ...(t.status === "failed" ? { message: t.failure.message } : {}),
        })),
      deviations: r.tests
        .filter((t) => t.deviation !== undefined && !t.advisory && t.status !== "skipped")
        .map((t) => ({
          name: t.name,
          ids: t.ids,
          reason: t.deviation!,
          occurred: t.status === "failed",
          ...(t.status === "failed" ? { message: t.failure.message } : {}),
        })),
      failure_details: failed.filter(isCountedFailure).map((t) => ({
        name: t.name,
        ids: t.ids,
        description: t.description,
        message: t.failure.message,
        ...(t.failure.frames ? { frames: t.failure.frames } : {}),
        ...(t.attempts !== undefined ? { attempts: t.attempts } : {}),
        ...(t.attemptsDiffered ? { attempts_differed: true } : {}),
        ...(t.flaky !== undefined ? { flaky: true } : {}),
        ...(causeOf.has(`${r.capability} › ${t.name}`) ? { cause_id: causeOf.get(`${r.capability} › ${t.name}`) } : {}),
      })),
      ...(r.tests.some(isNotChecked)
        ? {
            not_checked: r.tests.filter(isNotChecked).map((t) => ({
              name: t.name,
              ids: t.ids,
              precondition_capability: t.precondition.capability,
              reason: t.reason,
              message: t.precondition.message,
            })),
          }
        : {}),
      ...(r.tests.some((t) => t.flaky !== undefined)
        ? {
            flaky: r.tests.flatMap((t) =>
              t.flaky === undefined
                ? []
                : [{ name: t.name, ids: t.ids, attempts: t.attempts ?? 2, counted: t.status === "failed", first_failure: t.flaky.message }],
            ),
          }
        : {}),
      duration_ms: Math.round(r.durationMs),
    };
  }
  const verdict = verdictOf(report);
  const dict: ReportDict = {
    [kindDescriptor(report.subjectKind).nameKey]: report.subjectName,
    ...(report.subjectKind !== DEFAULT_SUBJECT_KIND ? { subject_kind: report.subjectKind } : {}),
    conformance_level: verdict.level,
    results,
    errors: [...report.errors],
    duration_ms: Math.round(report.durationMs),
    causes: causes.map(causeToDict),
    ...(report.suggestions?.length
      ? { suggestions: report.suggestions.map((s) => ({ kind: s.kind, text: s.text, details: [...s.details] })) }
      : {}),
    summary: {
      result: verdict.resultLine,
      explanation: verdict.explanation,
      passed: verdict.passed,
      passed_all: verdict.passed,
      nothing_checked: verdict.nothingChecked,
      capabilities_checked: verdict.capabilities.checked,
      capabilities_passed: verdict.capabilities.passed,
      known_deviations: verdict.deviations,
      flaky: verdict.flaky,
      not_checked: verdict.notChecked,
      not_verified: verdict.capabilities.unverified,
      sections: Object.fromEntries(verdict.sections.map((s) => [s.key, { passed: s.passed, summary: s.summary }])),
    },
    ...(report.profile !== "full" ? { profile: report.profile } : {}),
    ...(report.shard ? { shard: { ...report.shard } } : {}),
  };
  for (const section of report.sections) dict[section.key] = section.toJSON();
  return dict;
}

/** A cause in toDict(): its id, the line naming it, the saver's error, and every test it explains. */
function causeToDict(cause: FailureCause) {
  const first = cause.failures[0];
  return {
    cause_id: cause.causeId,
    title: cause.title,
    kind: cause.kind,
    count: cause.failures.length,
    ...(cause.method !== undefined ? { method: cause.method } : {}),
    ...(cause.blame !== undefined ? { blame: cause.blame } : {}),
    ...(cause.harm !== undefined ? { harm: cause.harm } : {}),
    ...(cause.clearsOthers ? { clears_others: true } : {}),
    ...(first.error ? { error: { ...first.error } } : {}),
    tests: cause.failures.map((f) => ({ section: f.section, name: f.name, label: f.label, ids: [...f.ids] })),
    first: { label: first.label, description: first.description, message: first.message },
  };
}
