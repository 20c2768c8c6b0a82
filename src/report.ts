import { BASE_CAPABILITIES, CAPABILITIES, type Capability, type CapabilityKind } from "./capabilities.js";
import type { CatalogId } from "./spec/types.js";
import { renderPrettyReport } from "./report-pretty.js";

/** Why a test failed, in the words a saver author needs. @public */
export interface FailureInfo {
  /** The clause in plain words and expected vs actual, several lines. */
  message: string;
  /** The error's class (`ConformanceError`, `TimeoutError`, `TypeError`, ...). */
  errorName: string;
  /** True when the saver itself threw (rather than an assertion failing). */
  thrownBySaver: boolean;
  stack?: string;
}

/**
 * One spec test's outcome. `deviation` is set when the registration declared
 * this test (or one of its ids) a known deviation: a failure then is reported
 * as that deviation, not counted against the capability.
 * @public
 */
export type TestResult = TestOutcome & {
  deviation?: string;
  /** What the saver wrote to stdout/stderr during this test (set by the supervised CLI run, which captures it). */
  output?: string;
};

type TestOutcome =
  | { status: "passed"; name: string; ids: readonly CatalogId[]; description: string; advisory: boolean; durationMs: number }
  | {
      status: "failed";
      name: string;
      ids: readonly CatalogId[];
      description: string;
      advisory: boolean;
      durationMs: number;
      failure: FailureInfo;
    }
  | { status: "skipped"; name: string; ids: readonly CatalogId[]; description: string; advisory: boolean; reason: string };

interface CapabilityResultBase {
  capability: Capability;
  kind: CapabilityKind;
  /** Python's `detected`: the saver has its own method for it. */
  detected: boolean;
  /** Only the base class's default (delta_channel_history): tested through it, shown as "inherited". */
  inherited: boolean;
  tests: TestResult[];
  durationMs: number;
}

/**
 * A capability's outcome: a tagged union on `status`, never a tri-state boolean.
 * @public
 */
export type CapabilityResult =
  | (CapabilityResultBase & { status: "passed" })
  | (CapabilityResultBase & { status: "failed" })
  | (CapabilityResultBase & { status: "not-implemented"; reason: string })
  | (CapabilityResultBase & { status: "skipped"; reason: string });

/** @public */
export type ConformanceLevel = "FULL" | "BASE+PARTIAL" | "BASE" | "NONE";

/** The JSON shape of Python's `to_dict()`, plus added (never renamed) keys. @public */
export interface ReportDict {
  checkpointer_name: string;
  conformance_level: ConformanceLevel;
  results: Record<
    string,
    {
      detected: boolean;
      passed: boolean | null;
      tests_passed: number;
      tests_failed: number;
      tests_skipped: number;
      failures: string[];
      status: CapabilityResult["status"];
      inherited: boolean;
      reason?: string;
      advisories: { name: string; ids: readonly string[]; passed: boolean; message?: string }[];
      deviations: { name: string; ids: readonly string[]; reason: string; occurred: boolean; message?: string }[];
      failure_details: { name: string; ids: readonly string[]; description: string; message: string }[];
      duration_ms: number;
    }
  >;
  errors: string[];
  duration_ms: number;
  [extra: string]: unknown;
}

/** A failure that counts against its capability: not advisory, not a declared deviation. */
export function isCountedFailure(t: TestResult): t is Extract<TestResult, { status: "failed" }> {
  return t.status === "failed" && !t.advisory && t.deviation === undefined;
}

/** A declared deviation that did occur. */
export function isDeviation(t: TestResult): t is Extract<TestResult, { status: "failed" }> {
  return t.status === "failed" && !t.advisory && t.deviation !== undefined;
}

export function countsOf(result: CapabilityResult): { passed: number; failed: number; skipped: number } {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const t of result.tests) {
    if (t.advisory) continue;
    if (t.status === "passed") passed++;
    else if (isCountedFailure(t)) failed++;
    else if (t.status === "skipped") skipped++;
  }
  if (result.status === "not-implemented" || result.status === "skipped") skipped = Math.max(skipped, 1);
  return { passed, failed, skipped };
}

/** Counts toward `passedAll()` and the level: detected, or inherited (LangGraph really calls it). */
export function countsTowardLevel(result: CapabilityResult): boolean {
  return result.detected || (result.inherited && (result.status === "passed" || result.status === "failed"));
}

/** Extra sections (graph, model, ...) that later parts of the run attach to a report. @public */
export interface ReportSection {
  /** Key added to `toDict()`. */
  key: string;
  /** Printed after the capability sections. */
  lines(): string[];
  toJSON(): unknown;
  /** Whether this section's failures should fail `passedAll()`. */
  passed(): boolean | null;
}

/**
 * The outcome of `validate()`.
 * @public
 */
export class ConformanceReport {
  readonly checkpointerName: string;
  readonly results: Partial<Record<Capability, CapabilityResult>>;
  /** Problems outside any capability (lifespan teardown, ...). */
  readonly errors: string[];
  readonly durationMs: number;
  readonly sections: ReportSection[];

  constructor(init: {
    checkpointerName: string;
    results: Partial<Record<Capability, CapabilityResult>>;
    errors?: string[];
    durationMs?: number;
    sections?: ReportSection[];
  }) {
    this.checkpointerName = init.checkpointerName;
    this.results = init.results;
    this.errors = init.errors ?? [];
    this.durationMs = init.durationMs ?? 0;
    this.sections = init.sections ?? [];
  }

  /** All five base capabilities passed. */
  passedAllBase(): boolean {
    return BASE_CAPABILITIES.every((cap) => this.results[cap]?.status === "passed");
  }

  /** Every detected (or inherited and tested) capability passed. */
  passedAll(): boolean {
    return this.capabilityResults().every((r) => !countsTowardLevel(r) || r.status === "passed");
  }

  /** Python's rules: FULL, BASE+PARTIAL, BASE, NONE. */
  conformanceLevel(): ConformanceLevel {
    if (this.passedAll()) return "FULL";
    if (this.passedAllBase()) return "BASE+PARTIAL";
    return BASE_CAPABILITIES.some((cap) => this.results[cap]?.status === "passed") ? "BASE" : "NONE";
  }

  capabilityResults(): CapabilityResult[] {
    return CAPABILITIES.map((c) => this.results[c.id]).filter((r): r is CapabilityResult => r !== undefined);
  }

  /** Every failed, non-advisory test, across capabilities. */
  failures(): { capability: Capability; test: Extract<TestResult, { status: "failed" }> }[] {
    return this.capabilityResults().flatMap((r) =>
      r.tests
        .filter(isCountedFailure)
        .map((test) => ({ capability: r.capability, test })),
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
    for (const r of this.capabilityResults()) {
      const counts = countsOf(r);
      const failed = r.tests.filter((t): t is Extract<TestResult, { status: "failed" }> => t.status === "failed");
      results[r.capability] = {
        detected: r.detected,
        passed: r.status === "passed" ? true : r.status === "failed" ? false : null,
        tests_passed: counts.passed,
        tests_failed: counts.failed,
        tests_skipped: counts.skipped,
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
          .map((t) => ({ name: t.name, ids: t.ids, description: t.description, message: t.failure.message })),
        duration_ms: Math.round(r.durationMs),
      };
    }
    const dict: ReportDict = {
      checkpointer_name: this.checkpointerName,
      conformance_level: this.conformanceLevel(),
      results,
      errors: [...this.errors],
      duration_ms: Math.round(this.durationMs),
    };
    for (const section of this.sections) dict[section.key] = section.toJSON();
    return dict;
  }
}

function firstLine(text: string): string {
  return text.split("\n", 1)[0];
}

/** A capability result before the runner stamps its id, kind and duration. */
export type CapabilityDraft = CapabilityResult extends infer R
  ? R extends CapabilityResult
    ? Omit<R, "capability" | "kind" | "durationMs">
    : never
  : never;
