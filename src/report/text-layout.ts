import { kindDescriptor, type CapabilityId } from "../kinds/descriptors.js";
import { incompleteBanner } from "./incomplete-banner.js";
import type { KindCapabilityInfo } from "../kinds/types.js";
import { slowCallText } from "../runtime/slow-call.js";
import {
  attemptsSuffix,
  capabilityResultsOf,
  countsOf,
  flakyOf,
  isDeviation,
  isNotChecked,
  notCheckedOf,
  type CapabilityResult,
} from "./results.js";
import { isNotApplicableReason } from "../kinds/checkpointer/profile.js";
import type { CondensedReports, FailureCause, ReportData, Verdict } from "./types.js";
import { cappedLine, otherFailureLines, causesHeadline, withShortIds, causeSummary, sectionCauseOptions } from "./causes-text.js";

const WIDTH = 52;
/** Causes listed in the summary under the title (the first screen); the FAILURES block has them all. */
const SUMMARY_CAUSES = 8;
/** Tests named per cause before `(+N more)`; verbose, json and html list them all. */
const NAMED_TESTS = 8;

/** The status cell of one capability row, as in Python's `print_report()`. */
export function capabilityCell(result: CapabilityResult | undefined): { icon: string; suffix: string } {
  if (result === undefined) return { icon: "  ", suffix: "(no tests)" };
  const inherited = result.inherited ? " (inherited)" : "";
  const notChecked = result.tests.filter(isNotChecked).length;
  const unchecked = notChecked > 0 ? ` (${notChecked} not checked)` : "";
  switch (result.status) {
    case "passed":
      return { icon: "✅", suffix: `${inherited}${unchecked}`.trim() };
    case "failed":
      return { icon: "❌", suffix: `(${countsOf(result).failed} failed)${inherited}${unchecked}` };
    case "not-implemented":
      return { icon: "⊘ ", suffix: "(not implemented)" };
    case "skipped":
      if (result.interrupted) return { icon: "⏸ ", suffix: `(interrupted: ${countsOf(result).passed} passed, the rest not run)` };
      return { icon: "⏭ ", suffix: "(skipped)" };
  }
}

/** Renders the report in the layout of Python's `print_report()`, plus failure details; `condensed` when it is one of several printed together. */
export function renderPrettyReport(
  report: ReportData,
  verdict: Verdict,
  causes: readonly FailureCause[],
  condensed?: CondensedReports,
): string {
  const border = "=".repeat(WIDTH);
  const out: string[] = [
    "",
    `  ${border}`,
    `    ${kindDescriptor(report.subjectKind).title} Validation: ${report.subjectName}`,
    `  ${border}`,
  ];
  const banner = incompleteBanner(report);
  if (banner !== undefined) out.push(`    ${banner}`, "");
  out.push(...causesSummary(causes), ...suggestions(report));
  const section = (title: string, kind: KindCapabilityInfo["kind"]) => {
    out.push(`    ${title}`);
    const ids = kindDescriptor(report.subjectKind)
      .capabilities.filter((c) => c.kind === kind)
      .map((c) => c.id as CapabilityId)
      .sort();
    for (const id of ids) {
      const { icon, suffix } = capabilityCell(report.results[id]);
      out.push(`      ${icon} ${id.padEnd(20)} ${suffix}`.trimEnd());
    }
    out.push("");
  };
  section("BASE CAPABILITIES", "base");
  section("EXTENDED CAPABILITIES", "extended");

  // One line per reason: a --grep leaves most capabilities out for the same one.
  const byReason = new Map<string, string[]>();
  for (const r of capabilityResultsOf(report.results)) {
    if (!(r.status === "not-implemented" || (r.status === "skipped" && !r.reason.startsWith("not selected")))) continue;
    const reason = "reason" in r ? r.reason : "";
    byReason.set(reason, [...(byReason.get(reason) ?? []), r.capability]);
  }
  const notes = [...byReason].map(([reason, capabilities]) => `      ${capabilities.join(", ")}: ${reason}`);
  if (notes.length > 0) out.push("    NOTES", ...notes, "");
  const notApplicable = capabilityResultsOf(report.results).flatMap((r) =>
    r.tests.filter((t) => t.status === "skipped" && isNotApplicableReason(t.reason)),
  );
  if (notApplicable.length > 0) {
    out.push(
      `    NOT APPLICABLE (latest-only): ${notApplicable.length} spec tests need checkpoints older than the latest (--reporter verbose lists them)`,
      "",
    );
  }

  out.push(...failuresByCause(causes));

  const notChecked = notCheckedOf(report.results);
  if (notChecked.length > 0) {
    out.push("    NOT CHECKED (a step through another capability failed; that capability's own tests tell why)");
    for (const { capability, test } of notChecked) out.push(`      - ${capability} › ${test.name}: ${test.reason}`);
    out.push("");
  }

  const allowedFlaky = flakyOf(report.results).filter(({ test }) => test.status === "passed");
  if (allowedFlaky.length > 0) {
    out.push("    FLAKY (allowed: counted as passed)");
    for (const { capability, test } of allowedFlaky) {
      out.push(`      ~ ${capability} › ${test.name}${attemptsSuffix(test)}; the first attempt failed:`);
      for (const line of test.flaky.message.split("\n")) out.push(`        ${line}`);
    }
    out.push("");
  }

  const slow = capabilityResultsOf(report.results).flatMap((r) =>
    r.tests.flatMap((t) => (t.slowUnderLoad ? [{ capability: r.capability, test: t, slow: t.slowUnderLoad }] : [])),
  );
  if (slow.length > 0) {
    out.push("    SLOW UNDER LOAD (passed: a call outlived the timeout while other tests ran at once, and the test passed run alone)");
    for (const { capability, test, slow: call } of slow) out.push(`      ⚠ ${capability} › ${test.name}: ${slowCallText(call)}`);
    out.push("");
  }

  const advisories = capabilityResultsOf(report.results).flatMap((r) =>
    r.tests.filter((t) => t.advisory && t.status === "failed").map((t) => ({ capability: r.capability, t })),
  );
  if (advisories.length > 0) {
    out.push("    ADVISORY (reported, never fails a capability)");
    for (const { capability, t } of advisories) {
      out.push(`      ⚠ ${capability} › ${t.name} [${t.ids.join(", ")}]: ${t.description}`);
    }
    // Said here, not on the first screen: nothing for the author to do.
    for (const s of (report.suggestions ?? []).filter((s) => s.kind === "upstream-advisory"))
      out.push(`      ${s.text}`, ...s.details.map((d) => `        - ${d}`));
    out.push("");
  }

  const deviations = capabilityResultsOf(report.results).flatMap((r) =>
    r.tests.filter((t) => t.deviation !== undefined && !t.advisory && t.status !== "skipped").map((t) => ({ capability: r.capability, t })),
  );
  if (deviations.length > 0) {
    out.push("    KNOWN DEVIATIONS (declared by the registration)");
    for (const { capability, t } of deviations) {
      const state = isDeviation(t) ? "⚑" : "✓ did not occur:";
      out.push(`      ${state} ${capability} › ${t.name} [${t.ids.join(", ")}]: ${t.deviation}`);
    }
    out.push("");
  }

  for (const section of report.sections) {
    const lines = section.lines({ ...sectionCauseOptions(causes, section.key, "see FAILURES"), ...(condensed ? { condensed } : {}) });
    if (lines.length > 0) out.push(...lines.map((l) => `    ${l}`), "");
  }

  if (report.errors.length > 0) {
    out.push("    ERRORS");
    for (const e of report.errors) out.push(`      ${e}`);
    out.push("");
  }

  out.push(`    ${verdict.explanation}`);
  out.push(`    ${verdict.resultLine}`);
  out.push(`  ${border}`, "", "");
  return out.join("\n");
}

/** The causes first, so the first screen names what went wrong: `2 causes explain 40 failures:` and one line each. */
function causesSummary(causes: readonly FailureCause[]): string[] {
  if (causes.length === 0) return [];
  const shown = causes.slice(0, SUMMARY_CAUSES).map((c, i) => `      ${causeSummary(c, i + 1)}`);
  const more = causes.length > SUMMARY_CAUSES ? ` (${causes.length - SUMMARY_CAUSES} more there)` : "";
  return [`    ${causesHeadline(causes)}`, ...shown, `    The first failure of each cause is shown in full under FAILURES${more}.`, ""];
}

/** What the run as a whole suggests the author do (a profile, a built-in saver's declared deviations), under the causes. */
function suggestions(report: ReportData): string[] {
  const given = (report.suggestions ?? []).filter((s) => s.kind !== "upstream-advisory");
  if (given.length === 0) return [];
  return ["    SUGGESTED", ...given.flatMap((s) => [`      ${s.text}`, ...s.details.map((d) => `        - ${d}`)]), ""];
}

/** Each cause once: its first failure in full, the other tests it hits by name. */
function failuresByCause(causes: readonly FailureCause[]): string[] {
  if (causes.length === 0) return [];
  const out = ["    FAILURES (by cause)"];
  causes.forEach((cause, i) => {
    out.push(`      ${causeSummary(cause, i + 1, 0)} [cause ${cause.causeId}]`);
    const first = cause.failures[0];
    if (cause.blame !== undefined) out.push(`        why ${cause.method}(): ${cause.blame}`);
    out.push(
      `        ✗ ${first.label}${first.ids.length > 0 ? ` [${first.ids.join(", ")}]` : ""}${first.spec ? attemptsSuffix(first.spec.test) : ""}`,
    );
    out.push(`          ${first.description}`);
    for (const line of withShortIds(first.message.split("\n"))) out.push(`          ${cappedLine(line)}`);
    for (const line of otherFailureLines(cause, NAMED_TESTS)) out.push(`        ${line}`);
  });
  out.push("");
  return out;
}
