import { GraphSection } from "../graph/report-section.js";
import { isCountedGraphFailure, type GraphCaseResult } from "../graph/result.js";
import { ModelReportSection } from "../model/model-report.js";
import type { ReportSection } from "../report/conformance-report.js";
import type { BackendOutcome, Disagreement, MatrixSectionKey, TestVerdict } from "./types.js";

export type { MatrixSectionKey };

/** The report sections the matrix shows as rows after the capabilities, in this order. @public */
export const MATRIX_SECTIONS = [
  { key: "graph", label: "graph scenarios" },
  { key: "model", label: "model" },
] as const satisfies readonly { key: MatrixSectionKey; label: string }[];

/** One backend's outcome of a section. @public */
export interface MatrixSectionCell {
  status: "passed" | "failed" | "skipped" | "error";
  /** Graph: cases passed; model: sequences run without disagreement. */
  passed: number;
  /** Graph: cases failed (not declared); model: 1 when a sequence disagreed. */
  failed: number;
  /** Declared deviations that occurred (not counted as failures). */
  deviations: number;
  text: string;
}

/** @public */
export interface MatrixSectionRow {
  key: MatrixSectionKey;
  label: string;
  /** One per column; undefined where the backend did not run or its report has no such section. */
  cells: (MatrixSectionCell | undefined)[];
  /** The backends that ran the section do not all agree (status or any case's verdict). */
  disagree: boolean;
}

/** A row for each section that ran on at least one backend (graph scenarios, model), and where the backends disagree on it. */
export function buildSectionRows(outcomes: readonly BackendOutcome[]): { rows: MatrixSectionRow[]; disagreements: Disagreement[] } {
  const rows: MatrixSectionRow[] = [];
  const disagreements: Disagreement[] = [];
  for (const { key, label } of MATRIX_SECTIONS) {
    const sections = outcomes.map((o) => (o.status === "ran" ? o.report.sections.find((s) => s.key === key) : undefined));
    if (sections.every((s) => s === undefined)) continue;
    const verdicts = outcomes.map((o, i) => ({ id: o.id, verdicts: sectionVerdicts(sections[i]) }));
    const found = disagreeing(key, verdicts.filter((v, i) => outcomes[i].status === "ran" && v.verdicts.size > 0));
    const cells = sections.map(sectionCell);
    const statuses = new Set(cells.filter((c) => c !== undefined).map((c) => c.status));
    disagreements.push(...found);
    rows.push({ key, label, cells, disagree: statuses.size > 1 || found.length > 0 });
  }
  return { rows, disagreements };
}

function sectionCell(section: ReportSection | undefined): MatrixSectionCell | undefined {
  if (section instanceof GraphSection) return graphCell(section);
  if (section instanceof ModelReportSection) return modelCell(section);
  return undefined;
}

function graphCell(section: GraphSection): MatrixSectionCell {
  if (section.skipped !== undefined) return { status: "skipped", passed: 0, failed: 0, deviations: 0, text: "skipped" };
  const n = section.counts();
  const dev = n.deviations > 0 ? ` +${n.deviations} dev` : "";
  const notApplicable = n.notApplicable > 0 ? ` ${n.notApplicable} n/a` : "";
  const text = n.failed === 0 ? `✓ ${n.passed}` : `✗ ${n.passed}/${n.passed + n.failed}`;
  return { status: n.failed === 0 ? "passed" : "failed", passed: n.passed, failed: n.failed, deviations: n.deviations, text: `${text}${dev}${notApplicable}` };
}

function modelCell(section: ModelReportSection): MatrixSectionCell {
  const r = section.result;
  const deviations = r.declared.filter((d) => d.occurrences > 0).length;
  const dev = deviations > 0 ? ` +${deviations} dev` : "";
  if (r.status === "error") return { status: "error", passed: 0, failed: 0, deviations, text: "error" };
  // fast-check counts the failing sequence among the runs.
  if (r.status === "failed") return { status: "failed", passed: Math.max(r.runs - 1, 0), failed: 1, deviations, text: `✗ ${r.failure?.operation ?? "disagrees"}${dev}` };
  return { status: "passed", passed: r.runs, failed: 0, deviations, text: `✓ ${r.runs} seq${dev}` };
}

/** Graph: one verdict per scenario case; model: one for the whole run. */
function sectionVerdicts(section: ReportSection | undefined): Map<string, TestVerdict> {
  if (section instanceof GraphSection) return new Map(section.results.map((r) => [r.id, graphVerdict(r)]));
  if (section instanceof ModelReportSection) {
    const { status } = section.result;
    return new Map([["random sequences", status === "passed" ? "pass" : status === "failed" ? "fail" : "error"]]);
  }
  return new Map();
}

function graphVerdict(result: GraphCaseResult): TestVerdict {
  if (result.status === "not-applicable") return "not-applicable";
  if (result.status === "passed") return "pass";
  return isCountedGraphFailure(result) ? "fail" : "deviation";
}

function disagreeing(key: MatrixSectionKey, perBackend: readonly { id: string; verdicts: Map<string, TestVerdict> }[]): Disagreement[] {
  const byTest = new Map<string, Record<string, TestVerdict>>();
  for (const { id, verdicts } of perBackend) {
    for (const [test, verdict] of verdicts) byTest.set(test, { ...byTest.get(test), [id]: verdict });
  }
  return [...byTest]
    .filter(([, verdicts]) => new Set(Object.values(verdicts)).size > 1)
    .map(([test, verdicts]) => ({ row: key, test, verdicts }));
}
