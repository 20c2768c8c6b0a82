import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { validate, type ConformanceReport } from "../../src/index.js";
import { reportFromJSON, reportToJSON } from "../../src/sections/report-json.js";
import { KIND_DESCRIPTORS } from "../../src/kinds/descriptors.js";
import type { FailureCause, FailureItem } from "../../src/report/types.js";
import { methodOfCause, type Diagnosis } from "./measure.js";
import type { Constituent, MultiBugSubject } from "./multi-bug-subjects.js";

/** What the report told the author of a subject with several bugs, graded bug by bug against each bug's own run. */
export interface MultiDiagnosis {
  subject: MultiBugSubject;
  report: ConformanceReport;
  causes: FailureCause[];
  /** Per bug (in the subject's order): the cause headed by it alone, if any, and whether that cause's title names its method. */
  bugs: { bug: Constituent; own?: FailureCause; ownNumber?: number; namesMethod: boolean }[];
  /** Causes whose failures belong to two bugs or more (each failure counted for a bug only when it is that bug's alone). */
  mixed: { cause: FailureCause; bugs: string[] }[];
}

/** The failures a bug's own run had, by label: a failure of the combined run with that label is the bug's. */
export type SingleLabels = ReadonlyMap<Constituent, ReadonlySet<string>>;

/** The labels of a single-bug diagnosis's failures. */
export function failingLabels(d: Diagnosis): Set<string> {
  return new Set(d.causes.flatMap((c) => c.failures.map((f) => f.label)));
}

/** The combined subject's run (read from `cache` when there, else run and kept there). */
export async function runMulti(subject: MultiBugSubject, options: { timeoutMs?: number; cache?: string } = {}): Promise<ConformanceReport> {
  const file = options.cache === undefined ? undefined : join(options.cache, `${subject.id.replace(/[^\w.-]/g, "_").slice(0, 200)}.json`);
  if (file !== undefined && existsSync(file)) return reportFromJSON(JSON.parse(readFileSync(file, "utf8")));
  const { registered, options: extra } = subject.register();
  const report = await validate(registered, { timeoutMs: options.timeoutMs ?? 2_000, retries: 0, ...extra });
  if (file !== undefined) {
    mkdirSync(options.cache!, { recursive: true });
    writeFileSync(file, JSON.stringify(reportToJSON(report)));
  }
  return report;
}

/**
 * The bugs a failure of the combined run belongs to: those whose own run failed
 * the same test; for a model failure no own run had, those whose methods hold
 * the operation that disagreed.
 */
export function ownersOf(failure: FailureItem, subject: MultiBugSubject, labels: SingleLabels): Constituent[] {
  const byLabel = subject.bugs.filter((b) => labels.get(b)?.has(failure.label));
  if (byLabel.length > 0) return byLabel;
  const operations = KIND_DESCRIPTORS[subject.kind].causeMethods.operationSections;
  if (!operations.includes(failure.section)) return [];
  const operation = failure.name.replace(/\(\).*$/, "");
  return subject.bugs.filter((b) => b.saver.methods.includes(operation));
}

/** Grades a multi-bug report: which bugs head a cause of their own, which causes mix bugs, which titles name the bug's method. */
export function gradeMulti(subject: MultiBugSubject, report: ConformanceReport, labels: SingleLabels): MultiDiagnosis {
  const causes = report.causes();
  const kind = KIND_DESCRIPTORS[report.subjectKind];
  const alone = (c: FailureCause) =>
    new Set(c.failures.flatMap((f) => (ownersOf(f, subject, labels).length === 1 ? ownersOf(f, subject, labels) : [])));
  const owners = causes.map(alone);
  const mixed = causes.flatMap((cause, i) => (owners[i].size >= 2 ? [{ cause, bugs: [...owners[i]].map((b) => b.saver.id) }] : []));
  const bugs = subject.bugs.map((bug) => {
    // A cause of its own: only this bug's failures (a shared failure aside), led by one of them.
    const i = causes.findIndex(
      (c, j) => owners[j].size === 1 && owners[j].has(bug) && ownersOf(c.failures[0], subject, labels).includes(bug),
    );
    if (i < 0) return { bug, namesMethod: false };
    const method = methodOfCause(causes[i], kind);
    return { bug, own: causes[i], ownNumber: i + 1, namesMethod: method !== undefined && bug.saver.methods.includes(method) };
  });
  return { subject, report, causes, bugs, mixed };
}
