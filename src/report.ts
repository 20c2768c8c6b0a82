import { capabilityIdsOf, DEFAULT_SUBJECT_KIND, kindDescriptor, type AnyCapability as Capability, type SubjectKindId } from "./kinds/descriptors.js";
import {
  countsOf,
  countsTowardLevel,
  isCountedFailure,
  isDeviation,
  isNotChecked,
  type CapabilityResult,
  type TestResult,
} from "./engine/results.js";
import { renderPrettyReport } from "./reporters/pretty-layout.js";
import type { CatalogId } from "./spec/types.js";
import { isNotApplicableReason, levelWithProfile, type SaverProfile } from "./profile/profile.js";
import type { RunIdentity } from "./engine/run-identity.js";
import type { Shard } from "./engine/shard.js";
import type { ThrownError } from "./engine/thrown-error.js";
import { failureCauses, type FailureCause } from "./causes/group.js";

export {
  countsOf,
  countsTowardLevel,
  isCountedFailure,
  isDeviation,
  type CapabilityDraft,
  type CapabilityResult,
  isNotChecked,
  type FailureInfo,
  type PreconditionFailure,
  type TestResult,
} from "./engine/results.js";

/** @public */
export type ConformanceLevel = "FULL" | "BASE+PARTIAL" | "BASE" | "NONE";

/** The JSON shape of Python's `to_dict()`, plus added (never renamed) keys. @public */
export interface ReportDict {
  /** The subject's name, for a checkpointer (Python's key); a store's is `store_name`, a cache's `cache_name`, with `subject_kind`. */
  checkpointer_name?: string;
  conformance_level: ConformanceLevel;
  results: Record<
    string,
    {
      detected: boolean;
      passed: boolean | null;
      tests_passed: number;
      tests_failed: number;
      tests_skipped: number;
      /** Only with the latest-only profile: skipped tests that need older checkpoints. */
      tests_not_applicable?: number;
      failures: string[];
      status: CapabilityResult["status"];
      inherited: boolean;
      reason?: string;
      advisories: { name: string; ids: readonly string[]; passed: boolean; message?: string }[];
      deviations: { name: string; ids: readonly string[]; reason: string; occurred: boolean; message?: string }[];
      failure_details: { name: string; ids: readonly string[]; description: string; message: string; frames?: string[]; attempts?: number; flaky?: boolean; cause_id?: string }[];
      /** Tests not checked because a precondition on another capability failed. */
      not_checked?: { name: string; ids: readonly string[]; precondition_capability: string; reason: string; message: string }[];
      /** Tests that failed, then passed on a retry; `counted`: they count as failed (flaky results not allowed). */
      flaky?: { name: string; ids: readonly string[]; attempts: number; counted: boolean; first_failure: string }[];
      duration_ms: number;
    }
  >;
  errors: string[];
  duration_ms: number;
  [extra: string]: unknown;
}

/** Extra sections (graph, model, ...) that later parts of the run attach to a report. @public */
export interface ReportSection {
  /** Key added to `toDict()`. */
  key: string;
  /** Printed after the capability sections. */
  lines(options?: SectionLinesOptions): string[];
  toJSON(): unknown;
  /** The section's verdict: false fails the run (`passedAll()`, the exit code); null when it did not run. */
  passed(): boolean | null;
  /** The section's part of the Result line, e.g. `graph 32/38 +6 known deviations`. Default: `graph passed`/`FAILED`/`skipped`. */
  summary?(): string;
  /** The plain data the section was built from, so a report read back from JSON (`reportFromJSON`) is the same section again. */
  state?(): unknown;
  /** The section's counted failures (graph cases, a model disagreement), which the report groups by cause with the spec failures. */
  failures?(): SectionFailure[];
}

/** A counted failure inside a report section. @public */
export interface SectionFailure {
  /** Its name within the section: `G01[async]`, `put()`. */
  name: string;
  ids: readonly string[];
  description: string;
  /** The failure in full. */
  message: string;
  /** The error the saver (or its factory) threw, when one did. */
  error?: ThrownError;
  /** A cause a targeted probe confirmed: failures with the same key are one cause, named by `title`. */
  confirmed?: { key: string; title: string };
}

/** How a section prints its lines inside a report that groups failures by cause. @public */
export interface SectionLinesOptions {
  /** The cause a failure (by its name in the section) is listed under, e.g. `cause 1`: the failure is then one line pointing there. */
  causeOf?(name: string): string | undefined;
}

/** One section's part of the verdict. @public */
export interface SectionVerdict {
  key: string;
  passed: boolean | null;
  summary: string;
}

/**
 * The one verdict rule (docs/verdict.md), behind `passedAll()`, the level,
 * every reporter's Result line and the CLI's exit code.
 * @public
 */
export interface Verdict {
  /** The run passed: with `strict`, every checked capability; without, every base capability in scope. Sections and run errors count either way. */
  passed: boolean;
  strict: boolean;
  /** Nothing was checked (every capability skipped or not implemented, no section ran): a usage error, never a pass. */
  nothingChecked: boolean;
  level: ConformanceLevel;
  /**
   * Capabilities that were checked (passed or failed), those that failed, and
   * those not verified: they passed what they checked, but a required test was
   * not checked because its precondition on another capability failed, and that
   * capability did not fail in this run (docs/verdict.md). Not verified counts as not passed.
   */
  capabilities: { checked: number; passed: number; failed: Capability[]; unverified: Capability[] };
  /** Tests that failed, then passed on a retry (counted as failed unless flaky results were allowed). */
  flaky: number;
  /** Tests not checked because a precondition on another capability failed. */
  notChecked: number;
  /** Declared deviations that occurred (they do not fail). */
  deviations: number;
  sections: SectionVerdict[];
  /** Problems outside any test (lifespan teardown, an unhandled rejection, a section that could not run): each fails the run. */
  errors: number;
  /** `Result: FULL (5/5) +2 known deviations; graph 32/38 +6 known deviations`: every reporter's last line. */
  resultLine: string;
  /** What the level means and why this saver got it, in one line. */
  explanation: string;
}

/**
 * The outcome of `validate()`.
 * @public
 */
export class ConformanceReport {
  /** The subject's name (a store's or a cache's too: the field keeps its first name). */
  readonly checkpointerName: string;
  /** What was checked: a checkpointer, a store, a cache (src/kinds/). */
  readonly subjectKind: SubjectKindId;
  readonly results: Partial<Record<Capability, CapabilityResult>>;
  /** Problems outside any capability (lifespan teardown, ...). */
  readonly errors: string[];
  readonly durationMs: number;
  readonly sections: ReportSection[];
  /** What the saver was declared to keep; `latest-only` tests only the latest checkpoint's guarantees. */
  readonly profile: SaverProfile;
  /** Set when the run was one shard of a split run (the `shard` option); `mergeReports()` combines the shards. */
  readonly shard?: Shard;
  /** Set with `shard`: the suite's version and the run's options, so that `mergeReports()` refuses the shards of different runs. */
  readonly run?: RunIdentity;

  constructor(init: {
    checkpointerName: string;
    subjectKind?: SubjectKindId;
    results: Partial<Record<Capability, CapabilityResult>>;
    errors?: string[];
    durationMs?: number;
    sections?: ReportSection[];
    profile?: SaverProfile;
    shard?: Shard;
    run?: RunIdentity;
  }) {
    this.checkpointerName = init.checkpointerName;
    this.subjectKind = init.subjectKind ?? DEFAULT_SUBJECT_KIND;
    this.results = init.results;
    this.errors = init.errors ?? [];
    this.durationMs = init.durationMs ?? 0;
    this.sections = init.sections ?? [];
    this.profile = init.profile ?? "full";
    if (init.shard) this.shard = init.shard;
    if (init.run) this.run = init.run;
  }

  /** Every base capability in scope passed (all five, unless the capabilities option or grep narrowed the run). */
  passedAllBase(): boolean {
    const base = this.baseInScope();
    return base.length > 0 && base.every((cap) => this.isVerifiedPass(cap));
  }

  /** Passed, and verified: no required test of it is left unchecked by a precondition whose capability did not fail. */
  private isVerifiedPass(cap: Capability): boolean {
    return this.results[cap]?.status === "passed" && !this.isUnverified(cap);
  }

  /**
   * A capability whose required test was not checked (a precondition on another
   * capability failed) is not verified unless that other capability failed in
   * this run: then the cause is already counted there (never greener).
   */
  private isUnverified(cap: Capability): boolean {
    const result = this.results[cap];
    if (result?.status !== "passed") return false;
    return result.tests.some(
      (t) => isNotChecked(t) && !t.advisory && t.deviation === undefined && this.results[t.precondition.capability]?.status !== "failed",
    );
  }

  /** The run checked something and everything it checked passed: capabilities, sections, and no run error. */
  passedAll(): boolean {
    return this.verdict({ strict: true }).passed;
  }

  /** Python's levels: FULL (everything passed), BASE+PARTIAL (the base passed), BASE (some base passed), NONE. */
  conformanceLevel(): ConformanceLevel {
    return this.verdict().level;
  }

  /** The verdict; `strict` (the CLI's --strict) asks for every checked capability, else the base ones. */
  verdict({ strict = false }: { strict?: boolean } = {}): Verdict {
    const checked = this.capabilityResults().filter(countsTowardLevel);
    const failed = checked.filter((r) => r.status === "failed").map((r) => r.capability);
    const unverified = checked.filter((r) => this.isUnverified(r.capability)).map((r) => r.capability);
    const sections = this.sections.map((s): SectionVerdict => ({ key: s.key, passed: s.passed(), summary: s.summary?.() ?? defaultSummary(s) }));
    const nothingChecked = checked.length === 0 && sections.every((s) => s.passed === null);
    const othersPassed = !nothingChecked && sections.every((s) => s.passed !== false) && this.errors.length === 0;
    // A base capability in scope that did not pass (failed, or skipped by skipCapabilities) keeps the run from FULL and from passing.
    const basePassed = this.baseInScope().length === 0 || this.passedAllBase();
    const allPassed = othersPassed && failed.length === 0 && unverified.length === 0 && basePassed;
    const passed = strict ? allPassed : othersPassed && basePassed && (this.baseInScope().length > 0 || failed.length + unverified.length === 0);
    const level = this.levelFor(allPassed);
    const deviations = this.capabilityResults().reduce((n, r) => n + r.tests.filter(isDeviation).length, 0);
    const counts = { checked: checked.length, passed: checked.length - failed.length - unverified.length, failed, unverified };
    const devText = deviations > 0 ? ` +${deviations} known deviation${deviations === 1 ? "" : "s"}` : "";
    const flaky = this.flaky();
    const flakyText = flaky.length > 0 ? `; ${flaky.length} flaky${flaky.every(({ test }) => test.status === "passed") ? " (allowed)" : ""}` : "";
    const notChecked = this.notChecked().length;
    const notCheckedText = notChecked > 0 ? `; ${notChecked} not checked (precondition failed)` : "";
    const errText = this.errors.length > 0 ? `; ${this.errors.length} run error${this.errors.length === 1 ? "" : "s"}` : "";
    const resultLine =
      `Result: ${levelWithProfile(level, this.profile)} (${counts.passed}/${counts.checked})${devText}${flakyText}${notCheckedText}` +
      sections.map((s) => `; ${s.summary}`).join("") +
      errText +
      (nothingChecked ? "; nothing was checked" : "");
    return {
      passed,
      strict,
      nothingChecked,
      level,
      capabilities: counts,
      deviations,
      flaky: flaky.length,
      notChecked,
      sections,
      errors: this.errors.length,
      resultLine,
      explanation: this.explain(level, nothingChecked, failed, unverified, sections),
    };
  }

  private levelFor(allPassed: boolean): ConformanceLevel {
    if (allPassed) return "FULL";
    if (this.passedAllBase()) return "BASE+PARTIAL";
    return this.baseInScope().some((cap) => this.isVerifiedPass(cap)) ? "BASE" : "NONE";
  }

  /** Base capabilities the run was asked to check: all five, unless the capabilities option or grep excluded some. */
  private baseInScope(): Capability[] {
    return capabilityIdsOf(kindDescriptor(this.subjectKind), "base").filter((cap) => {
      const r = this.results[cap];
      return !(r?.status === "skipped" && r.excluded === true);
    });
  }

  private explain(level: ConformanceLevel, nothingChecked: boolean, failed: Capability[], unverified: Capability[], sections: SectionVerdict[]): string {
    if (nothingChecked) return "nothing was checked: every selected capability was skipped or not implemented";
    const failing = [...failed, ...sections.filter((s) => s.passed === false).map((s) => s.key), ...(this.errors.length > 0 ? ["run errors"] : [])];
    const unchecked = this.baseInScope().filter((cap) => this.results[cap]?.status !== "passed" && this.results[cap]?.status !== "failed");
    const because =
      (failing.length > 0 ? `; failed: ${failing.join(", ")}` : "") +
      (unverified.length > 0 ? `; not verified (a test's precondition on a capability that did not fail here failed): ${unverified.join(", ")}` : "") +
      (unchecked.length > 0 ? `; base capabilities not checked: ${unchecked.join(", ")}` : "");
    const excluded = this.capabilityResults().some((r) => r.status === "skipped" && r.excluded === true);
    const scope = excluded ? " (of what this run selected)" : "";
    switch (level) {
      case "FULL":
        return `FULL: every capability the ${kindDescriptor(this.subjectKind).noun} offers passed, and every section that ran${scope}`;
      case "BASE+PARTIAL":
        return `BASE+PARTIAL: every base capability passed${scope}, but not everything${because}`;
      case "BASE":
        return `BASE: some base capabilities passed${scope}${because}`;
      case "NONE": {
        const factory = this.capabilityResults()
          .flatMap((r) => r.tests)
          .find((t) => t.name === "factory" && t.status === "failed");
        const cause = factory?.status === "failed" ? `; the ${kindDescriptor(this.subjectKind).noun} could not be created: ${factory.failure.message.split("\n", 1)[0]}` : because;
        return `NONE: no base capability passed${scope}${cause}`;
      }
    }
  }

  /** The level as reporters print it: `BASE (latest-only)` for a latest-only saver. */
  levelLabel(): string {
    return levelWithProfile(this.conformanceLevel(), this.profile);
  }

  capabilityResults(): CapabilityResult[] {
    return kindDescriptor(this.subjectKind).capabilities.map((c) => this.results[c.id as Capability]).filter((r): r is CapabilityResult => r !== undefined);
  }

  /** Every failed, non-advisory test, across capabilities. */
  failures(): { capability: Capability; test: Extract<TestResult, { status: "failed" }> }[] {
    return this.capabilityResults().flatMap((r) =>
      r.tests
        .filter(isCountedFailure)
        .map((test) => ({ capability: r.capability, test })),
    );
  }

  /** The counted failures (spec, graph and model) grouped by root cause, the cause that explains most first. */
  causes(): FailureCause[] {
    return failureCauses(this);
  }

  /** Tests not checked because a precondition on another capability failed ("see <capability>"). */
  notChecked(): { capability: Capability; test: Extract<TestResult, { status: "skipped" }> & { precondition: NonNullable<Extract<TestResult, { status: "skipped" }>["precondition"]> } }[] {
    return this.capabilityResults().flatMap((r) => r.tests.filter(isNotChecked).map((test) => ({ capability: r.capability, test })));
  }

  /** Tests that failed, then passed on a retry: `failed` ones are also in `failures()`, `passed` ones were allowed (`allowFlaky`). */
  flaky(): { capability: Capability; test: TestResult & { flaky: NonNullable<TestResult["flaky"]> } }[] {
    return this.capabilityResults().flatMap((r) =>
      r.tests.filter((t): t is TestResult & { flaky: NonNullable<TestResult["flaky"]> } => t.flaky !== undefined).map((test) => ({ capability: r.capability, test })),
    );
  }

  /** The `printReport()` text, without printing it. */
  formatReport(): string {
    return renderPrettyReport(this);
  }

  /** Prints the report in the layout of Python's `print_report()`. */
  printReport(write: (text: string) => void = (t) => process.stdout.write(t)): void {
    write(this.formatReport());
  }

  /** Python's `to_dict()` shape (same keys), plus `status`, `inherited`, `advisories`, details. */
  toDict(): ReportDict {
    const results: ReportDict["results"] = {};
    const causes = this.causes();
    const causeOf = new Map(causes.flatMap((c) => c.failures.map((f) => [f.label, c.causeId] as const)));
    for (const r of this.capabilityResults()) {
      const counts = countsOf(r);
      const failed = r.tests.filter((t): t is Extract<TestResult, { status: "failed" }> => t.status === "failed");
      results[r.capability] = {
        detected: r.detected,
        passed: r.status === "passed" ? true : r.status === "failed" ? false : null,
        tests_passed: counts.passed,
        tests_failed: counts.failed,
        tests_skipped: counts.skipped,
        // Under latest-only: how many of the skipped tests need older checkpoints (not applicable, never passed).
        ...(this.profile !== "full" ? { tests_not_applicable: r.tests.filter((t) => !t.advisory && t.status === "skipped" && isNotApplicableReason(t.reason)).length } : {}),
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
        failure_details: failed
          .filter(isCountedFailure)
          .map((t) => ({
            name: t.name,
            ids: t.ids,
            description: t.description,
            message: t.failure.message,
            ...(t.failure.frames ? { frames: t.failure.frames } : {}),
            ...(t.attempts !== undefined ? { attempts: t.attempts } : {}),
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
                t.flaky === undefined ? [] : [{ name: t.name, ids: t.ids, attempts: t.attempts ?? 2, counted: t.status === "failed", first_failure: t.flaky.message }],
              ),
            }
          : {}),
        duration_ms: Math.round(r.durationMs),
      };
    }
    const verdict = this.verdict();
    const descriptor = kindDescriptor(this.subjectKind);
    const dict: ReportDict = {
      [descriptor.nameKey]: this.checkpointerName,
      ...(this.subjectKind !== DEFAULT_SUBJECT_KIND ? { subject_kind: this.subjectKind } : {}),
      conformance_level: verdict.level,
      results,
      errors: [...this.errors],
      duration_ms: Math.round(this.durationMs),
      causes: causes.map(causeToDict),
      summary: {
        result: verdict.resultLine,
        explanation: verdict.explanation,
        passed: verdict.passed,
        passed_all: this.passedAll(),
        nothing_checked: verdict.nothingChecked,
        capabilities_checked: verdict.capabilities.checked,
        capabilities_passed: verdict.capabilities.passed,
        known_deviations: verdict.deviations,
        flaky: verdict.flaky,
        not_checked: verdict.notChecked,
        not_verified: verdict.capabilities.unverified,
        sections: Object.fromEntries(verdict.sections.map((s) => [s.key, { passed: s.passed, summary: s.summary }])),
      },
      ...(this.profile !== "full" ? { profile: this.profile } : {}),
      ...(this.shard ? { shard: { ...this.shard } } : {}),
    };
    for (const section of this.sections) dict[section.key] = section.toJSON();
    return dict;
  }
}

/** A cause in toDict(): its id, the line naming it, the saver's error, and every test it explains. */
function causeToDict(cause: FailureCause) {
  const first = cause.failures[0];
  return {
    cause_id: cause.causeId,
    title: cause.title,
    kind: cause.kind,
    count: cause.failures.length,
    ...(first.error ? { error: { ...first.error } } : {}),
    tests: cause.failures.map((f) => ({ section: f.section, name: f.name, label: f.label, ids: [...f.ids] })),
    first: { label: first.label, description: first.description, message: first.message },
  };
}

function firstLine(text: string): string {
  return text.split("\n", 1)[0];
}


function defaultSummary(section: ReportSection): string {
  const passed = section.passed();
  return `${section.key} ${passed === null ? "skipped" : passed ? "passed" : "FAILED"}`;
}
