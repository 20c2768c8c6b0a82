import { DEFAULT_SUBJECT_KIND, isSubjectKindId, type CapabilityId, type SubjectKindId } from "../kinds/descriptors.js";
import type { SaverProfile } from "../kinds/checkpointer/profile.js";
import type { IncompleteRun, ReadBack, RunIdentity, RunSuggestion } from "./types.js";
import type { SpecTestList } from "./spec-test-list.js";
import type { Shard } from "../runtime/shard.js";
import { ConformanceReport, type CapabilityResult, type ReportSection } from "./conformance-report.js";

/**
 * A `ConformanceReport` as plain JSON, without loss: every capability result
 * and test as the runner produced it, and each report section (graph, model,
 * ...) as its rendered lines, its verdict and its own JSON. `reportFromJSON`
 * gives back a report that every reporter renders exactly like the original.
 * (Not `toDict()`: that is Python's summary shape and drops details.)
 * @public
 */
export interface ReportJSON {
  format: typeof FORMAT;
  /** The subject's name, whatever its kind (the field keeps its first name: blobs written before the rename merge). */
  checkpointerName: string;
  /** Absent for a checkpointer. */
  subjectKind?: SubjectKindId;
  results: Partial<Record<CapabilityId, CapabilityResult>>;
  errors: string[];
  durationMs: number;
  sections: SectionJSON[];
  profile?: SaverProfile;
  /** Set in a shard's report (`--shard i/n`): what `mergeReports()` needs to check the set is complete. */
  shard?: Shard;
  /** Set with `shard`: the suite's version and the run's options, compared by `mergeReports()`. */
  run?: RunIdentity;
  /** The saver's module as the CLI's `--reporter report-json` saw it: where `merge --reporter github` points its annotations. */
  subjectFile?: string;
  /** What the run as a whole suggested; absent when nothing. */
  suggestions?: RunSuggestion[];
  /** The read-back probe's answers, when it ran. */
  readBack?: ReadBack;
  /** The spec tests of each capability that did not run (the report's list, see SpecTestList): what JUnit lists for it. */
  specTests?: SpecTestList;
}

/** @public */
export interface SectionJSON {
  key: string;
  lines: string[];
  passed: boolean | null;
  json: unknown;
  /** Its part of the Result line. */
  summary?: string;
  /** The data it was built from (graph, model), so it is revived as the same kind of section. */
  state?: unknown;
  /** The run did not complete it (ReportSection.incomplete). */
  incomplete?: IncompleteRun;
}

const FORMAT = "checkpoint-conformance-report/1";

/** @public */
export function reportToJSON(report: ConformanceReport): ReportJSON {
  return {
    format: FORMAT,
    checkpointerName: report.subjectName,
    ...(report.subjectKind !== DEFAULT_SUBJECT_KIND ? { subjectKind: report.subjectKind } : {}),
    // Through JSON once, so what is returned is exactly what a reader gets back (no undefined keys, no class instances).
    results: JSON.parse(JSON.stringify(report.results)) as ReportJSON["results"],
    errors: [...report.errors],
    durationMs: report.durationMs,
    sections: report.sections.map((s) => ({
      key: s.key,
      lines: s.lines(),
      passed: s.passed(),
      json: s.toJSON(),
      ...(s.summary ? { summary: s.summary() } : {}),
      ...(s.state ? { state: JSON.parse(JSON.stringify(s.state())) as unknown } : {}),
      ...(s.incomplete?.() ? { incomplete: s.incomplete()! } : {}),
    })),
    ...(report.profile !== "full" ? { profile: report.profile } : {}),
    ...(report.shard ? { shard: { ...report.shard } } : {}),
    ...(report.run ? { run: report.run } : {}),
    ...(report.suggestions.length > 0 ? { suggestions: report.suggestions.map((s) => ({ ...s, details: [...s.details] })) } : {}),
    ...(report.readBack ? { readBack: JSON.parse(JSON.stringify(report.readBack)) as ReadBack } : {}),
    ...notRunSpecTests(report),
  };
}

/** The report's listed spec tests of the capabilities that did not run (the only ones a reporter lists from it), when any. */
function notRunSpecTests(report: ConformanceReport): { specTests?: SpecTestList } {
  const notRun = report
    .capabilityResults()
    .filter((r) => (r.status === "skipped" || r.status === "not-implemented") && (report.specTests[r.capability]?.length ?? 0) > 0);
  if (notRun.length === 0) return {};
  return {
    specTests: Object.fromEntries(
      notRun.map((r) => [r.capability, report.specTests[r.capability]!.map((t) => ({ ...t, ids: [...t.ids] }))]),
    ),
  };
}

/**
 * The report a `reportToJSON()` value (or its parsed JSON text) describes;
 * throws on anything else. `revive` builds a section again from its state
 * (the section registry's, src/sections/); a section it does not know comes
 * back as its fixed lines, verdict and JSON.
 */
export function readReportJSON(value: unknown, revive: (key: string, state: unknown) => ReportSection | undefined): ConformanceReport {
  if (!isReportJSON(value)) {
    throw new TypeError(`reportFromJSON: not a report written by reportToJSON() (expected format "${FORMAT}")`);
  }
  return new ConformanceReport({
    subjectName: value.checkpointerName,
    ...(value.subjectKind !== undefined ? { subjectKind: value.subjectKind } : {}),
    results: value.results,
    errors: value.errors,
    durationMs: value.durationMs,
    sections: value.sections.map((s) => (s.state !== undefined ? revive(s.key, s.state) : undefined) ?? staticSection(s)),
    ...(value.profile ? { profile: value.profile } : {}),
    ...(value.shard ? { shard: value.shard } : {}),
    ...(value.run ? { run: value.run } : {}),
    ...(Array.isArray(value.suggestions) ? { suggestions: value.suggestions } : {}),
    ...(isReadBack(value.readBack) ? { readBack: value.readBack } : {}),
    ...(typeof value.specTests === "object" && value.specTests !== null ? { specTests: value.specTests } : {}),
  });
}

/** A section whose lines, verdict and JSON were fixed when it was written. */
export function staticSection(section: SectionJSON): ReportSection {
  return {
    key: section.key,
    lines: () => [...section.lines],
    passed: () => section.passed,
    toJSON: () => section.json,
    ...(section.summary !== undefined ? { summary: () => section.summary as string } : {}),
    ...(section.incomplete !== undefined ? { incomplete: () => section.incomplete } : {}),
  };
}

function isReportJSON(value: unknown): value is ReportJSON {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<ReportJSON>;
  return (
    v.format === FORMAT &&
    typeof v.checkpointerName === "string" &&
    (v.subjectKind === undefined || isSubjectKindId(v.subjectKind)) &&
    typeof v.results === "object" &&
    v.results !== null &&
    Array.isArray(v.errors) &&
    typeof v.durationMs === "number" &&
    Array.isArray(v.sections)
  );
}

function isReadBack(value: unknown): value is ReadBack {
  const answers = (v: unknown) => typeof v === "object" && v !== null && Object.values(v).every((a) => typeof a === "boolean");
  const putConfig = (value as ReadBack | null)?.putConfig;
  const lookalikeIds = (value as ReadBack | null)?.lookalikeIds;
  const methods = (value as ReadBack | null)?.methods;
  const readers = (value as ReadBack | null)?.readers;
  return (
    typeof value === "object" &&
    value !== null &&
    answers((value as ReadBack).checkpoint) &&
    answers((value as ReadBack).writes) &&
    (putConfig === undefined || typeof putConfig === "boolean") &&
    (lookalikeIds === undefined || answers(lookalikeIds)) &&
    (methods === undefined || answers(methods)) &&
    (readers === undefined || (typeof readers === "object" && readers !== null && Object.values(readers).every(answers)))
  );
}
