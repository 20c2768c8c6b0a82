import { capabilityIdsOf, kindDescriptor, type CapabilityId } from "../kinds/descriptors.js";
import { levelWithProfile } from "../kinds/checkpointer/profile.js";
import { capabilityResultsOf, countsTowardLevel, flakyOf, isDeviation, isNotChecked, notCheckedOf } from "./results.js";
import type { ConformanceLevel, IncompleteRun, ReportData, ReportSection, SectionVerdict, Verdict } from "./types.js";

/** What the verdict reads: the results, the sections, the run errors and the profile. */
export type VerdictInput = Pick<ReportData, "results" | "sections" | "errors" | "profile" | "subjectKind">;

/**
 * Which capabilities the run must pass. By default every capability the
 * subject offers (detected or declared) that was checked: a broken extended
 * one fails the run. `baseOnly` (the CLI's `--base-only`) keeps the older
 * rule: the base capabilities in scope only. @public
 */
export interface VerdictOptions {
  baseOnly?: boolean;
  /** @deprecated Every offered capability counts by default; `strict: false` is `baseOnly: true`. */
  strict?: boolean;
}

/** Whether `options` ask for the base capabilities only (`baseOnly`, or the older `strict: false`). */
export function isBaseOnly(options: VerdictOptions = {}): boolean {
  return options.baseOnly ?? options.strict === false;
}

/**
 * The one verdict rule (docs/verdict.md), behind `passedAll()`, the level,
 * every reporter's Result line and every entry point's exit code. Pure: the
 * same input gives the same verdict. Passing asks for every checked
 * capability, unless `baseOnly` (see VerdictOptions).
 */
export function verdictOf(input: VerdictInput, options: VerdictOptions = {}): Verdict {
  const baseOnly = isBaseOnly(options);
  const strict = !baseOnly;
  const checked = capabilityResultsOf(input.results).filter(countsTowardLevel);
  const failed = checked.filter((r) => r.status === "failed").map((r) => r.capability);
  const unverified = checked.filter((r) => isUnverified(input, r.capability)).map((r) => r.capability);
  const sections = input.sections.map((s): SectionVerdict => {
    const incomplete = s.incomplete?.();
    return { key: s.key, passed: s.passed(), summary: s.summary?.() ?? defaultSummary(s), ...(incomplete ? { incomplete } : {}) };
  });
  // A run stopped by a signal, or one whose asked-for section did not run, never passes: what did not run is not a pass.
  const incomplete = sections.some((s) => s.incomplete === "interrupted")
    ? "interrupted"
    : sections.some((s) => s.incomplete)
      ? "not-run"
      : undefined;
  const nothingChecked = incomplete === undefined && checked.length === 0 && sections.every((s) => s.passed === null);
  const othersPassed =
    !nothingChecked && incomplete === undefined && sections.every((s) => s.passed !== false) && input.errors.length === 0;
  // A base capability in scope that did not pass (failed, or skipped by skipCapabilities) keeps the run from FULL and from passing.
  const inScope = baseInScope(input);
  const basePassed = inScope.length === 0 || passedAllBase(input);
  const allPassed = othersPassed && failed.length === 0 && unverified.length === 0 && basePassed;
  const passed = strict ? allPassed : othersPassed && basePassed && (inScope.length > 0 || failed.length + unverified.length === 0);
  const completedLevel = levelFor(input, allPassed);
  const level = incomplete === "interrupted" ? "INTERRUPTED" : incomplete === "not-run" ? "INCOMPLETE" : completedLevel;
  const deviations = capabilityResultsOf(input.results).reduce((n, r) => n + r.tests.filter(isDeviation).length, 0);
  const counts = { checked: checked.length, passed: checked.length - failed.length - unverified.length, failed, unverified };
  const devText = deviations > 0 ? ` +${deviations} known deviation${deviations === 1 ? "" : "s"}` : "";
  const flaky = flakyOf(input.results);
  const flakyText =
    flaky.length > 0 ? `; ${flaky.length} flaky${flaky.every(({ test }) => test.status === "passed") ? " (allowed)" : ""}` : "";
  const notChecked = notCheckedOf(input.results).length;
  const notCheckedText = notChecked > 0 ? `; ${notChecked} not checked (precondition failed)` : "";
  const errText = input.errors.length > 0 ? `; ${input.errors.length} run error${input.errors.length === 1 ? "" : "s"}` : "";
  const resultLine =
    `Result: ${levelWithProfile(level, input.profile)} (${counts.passed}/${counts.checked})${devText}${flakyText}${notCheckedText}` +
    sections.map((s) => `; ${s.summary}`).join("") +
    errText +
    (nothingChecked ? "; nothing was checked" : "");
  return {
    passed,
    baseOnly,
    strict,
    nothingChecked,
    level,
    capabilities: counts,
    deviations,
    flaky: flaky.length,
    notChecked,
    sections,
    errors: input.errors.length,
    resultLine,
    explanation:
      incompleteExplanation(incomplete, sections, checked.length === 0 ? undefined : completedLevel) ??
      explain(input, completedLevel, nothingChecked, failed, unverified, sections),
  };
}

/** Every base capability in scope passed (all five, unless the capabilities option or grep narrowed the run). */
export function passedAllBase(input: VerdictInput): boolean {
  const base = baseInScope(input);
  return base.length > 0 && base.every((cap) => isVerifiedPass(input, cap));
}

/** Passed, and verified: no required test of it is left unchecked by a precondition whose capability did not fail. */
function isVerifiedPass(input: VerdictInput, cap: CapabilityId): boolean {
  return input.results[cap]?.status === "passed" && !isUnverified(input, cap);
}

/**
 * A capability whose required test was not checked (a precondition on another
 * capability failed) is not verified unless that other capability failed in
 * this run: then the cause is already counted there (never greener).
 */
function isUnverified(input: VerdictInput, cap: CapabilityId): boolean {
  const result = input.results[cap];
  if (result?.status !== "passed") return false;
  return result.tests.some(
    (t) => isNotChecked(t) && !t.advisory && t.deviation === undefined && input.results[t.precondition.capability]?.status !== "failed",
  );
}

/** The level of what ran, before a run that did not complete is said to be INTERRUPTED or INCOMPLETE. */
type CompletedLevel = Exclude<ConformanceLevel, "INCOMPLETE" | "INTERRUPTED">;

/** INTERRUPTED or INCOMPLETE: what did not complete, then the level of what did. */
function incompleteExplanation(
  incomplete: IncompleteRun | undefined,
  sections: readonly SectionVerdict[],
  completedLevel: CompletedLevel | undefined,
): string | undefined {
  if (incomplete === undefined) return undefined;
  const ran = completedLevel === undefined ? "no capability completed" : `what completed comes to ${completedLevel}`;
  if (incomplete === "interrupted") return `INTERRUPTED: the run was stopped before it ended; ${ran}, the rest was not run`;
  const notRun = sections.filter((s) => s.incomplete === "not-run").map((s) => s.key);
  return `INCOMPLETE: asked for but not run: ${notRun.join(", ")} (never counted as a pass); ${ran}`;
}

function levelFor(input: VerdictInput, allPassed: boolean): CompletedLevel {
  if (allPassed) return "FULL";
  if (passedAllBase(input)) return "BASE+PARTIAL";
  return baseInScope(input).some((cap) => isVerifiedPass(input, cap)) ? "BASE" : "NONE";
}

/** Base capabilities the run was asked to check: all five, unless the capabilities option or grep excluded some. */
function baseInScope(input: VerdictInput): CapabilityId[] {
  return capabilityIdsOf(kindDescriptor(input.subjectKind), "base").filter((cap) => {
    const r = input.results[cap];
    return !(r?.status === "skipped" && r.excluded === true);
  });
}

function explain(
  input: VerdictInput,
  level: CompletedLevel,
  nothingChecked: boolean,
  failed: CapabilityId[],
  unverified: CapabilityId[],
  sections: SectionVerdict[],
): string {
  if (nothingChecked) return "nothing was checked: every selected capability was skipped or not implemented";
  const failing = [
    ...failed,
    ...sections.filter((s) => s.passed === false).map((s) => s.key),
    ...(input.errors.length > 0 ? ["run errors"] : []),
  ];
  const unchecked = baseInScope(input).filter((cap) => input.results[cap]?.status !== "passed" && input.results[cap]?.status !== "failed");
  const because =
    (failing.length > 0 ? `; failed: ${failing.join(", ")}` : "") +
    (unverified.length > 0
      ? `; not verified (a test's precondition on a capability that did not fail here failed): ${unverified.join(", ")}`
      : "") +
    (unchecked.length > 0 ? `; base capabilities not checked: ${unchecked.join(", ")}` : "");
  const excluded = capabilityResultsOf(input.results).some((r) => r.status === "skipped" && r.excluded === true);
  const scope = excluded ? " (of what this run selected)" : "";
  switch (level) {
    case "FULL":
      return `FULL: every capability the ${kindDescriptor(input.subjectKind).noun} offers passed, and every section that ran${scope}`;
    case "BASE+PARTIAL":
      return `BASE+PARTIAL: every base capability passed${scope}, but not everything${because}`;
    case "BASE":
      return `BASE: some base capabilities passed${scope}${because}`;
    case "NONE": {
      const factory = capabilityResultsOf(input.results)
        .flatMap((r) => r.tests)
        .find((t) => t.name === "factory" && t.status === "failed");
      const cause =
        factory?.status === "failed"
          ? `; the ${kindDescriptor(input.subjectKind).noun} could not be created: ${factory.failure.message.split("\n", 1)[0]}`
          : because;
      return `NONE: no base capability passed${scope}${cause}`;
    }
  }
}

function defaultSummary(section: ReportSection): string {
  const passed = section.passed();
  return `${section.key} ${passed === null ? "skipped" : passed ? "passed" : "FAILED"}`;
}
