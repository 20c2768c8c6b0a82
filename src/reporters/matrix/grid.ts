import { kindDescriptor, type CapabilityId, type SubjectKindId } from "../../kinds/descriptors.js";
import { isNotApplicableReason } from "../../kinds/checkpointer/profile.js";
import { countsOf, isDeviation, type CapabilityResult, type TestResult } from "../../report/conformance-report.js";
import { buildSectionRows, isRequiredDisagreement, type MatrixFactRow, type MatrixSectionRow } from "./section-rows.js";
import type { BackendOutcome, Disagreement, MatrixResult, TestVerdict } from "./types.js";

export type { Disagreement, TestVerdict };
export { isRequiredDisagreement };

export interface MatrixColumn {
  id: string;
  title: string;
  status: BackendOutcome["status"];
  /** The level with its profile, e.g. `BASE (latest-only)`. */
  level?: string;
  durationMs?: number;
  /** Why it was skipped or could not run. */
  note?: string;
  passed: number;
  failed: number;
}

export interface MatrixCell {
  status: CapabilityResult["status"];
  passed: number;
  failed: number;
  /** Declared deviations that occurred (not counted as failures). */
  deviations: number;
  /** The spec tests behind `deviations`, so a "+n dev" can be named. */
  deviationNames: readonly string[];
  text: string;
}

export interface MatrixRow {
  capability: CapabilityId;
  /** One per column; undefined where the backend did not run. */
  cells: (MatrixCell | undefined)[];
  /** The backends that ran do not all agree on this capability (status or any test's verdict). */
  disagree: boolean;
  /** A required result differs: the status, or a test's verdict other than an advisory one (the row marked ≠). */
  differs: boolean;
}

export interface MatrixGrid {
  columns: MatrixColumn[];
  rows: MatrixRow[];
  /** After the capability rows: one per report section that ran (graph scenarios, model). */
  sectionRows: MatrixSectionRow[];
  disagreements: Disagreement[];
  /** The answers each backend gave to the implementation-defined questions (behaviour profile), never verdicts. */
  facts: MatrixFactRow[];
}

/** The backend x capability (then x section) view of a matrix run, shared by every renderer. */
export function buildGrid(result: MatrixResult): MatrixGrid {
  const columns = result.outcomes.map(toColumn);
  const disagreements: Disagreement[] = [];
  const rows = kindDescriptor(matrixKind(result)).capabilities.map(({ id }): MatrixRow => {
    const capability = id as CapabilityId;
    const cells = result.outcomes.map((o) => (o.status === "ran" ? toCell(o.report.results[capability]) : undefined));
    const found = disagreeingTests(result.outcomes, capability);
    disagreements.push(...found);
    const statuses = new Set(cells.filter((c): c is MatrixCell => c !== undefined).map((c) => c.status));
    return {
      capability,
      cells,
      disagree: statuses.size > 1 || found.length > 0,
      differs: statuses.size > 1 || found.some(isRequiredDisagreement),
    };
  });
  const sections = buildSectionRows(result.outcomes);
  return { columns, rows, sectionRows: sections.rows, disagreements: [...disagreements, ...sections.disagreements], facts: sections.facts };
}

/**
 * Every "+n dev" of the grid named: per backend, the row and what deviated
 * (spec test names, graph case ids, declared model behaviours).
 */
export function namedDeviations(grid: MatrixGrid): { id: string; rows: { row: string; names: readonly string[] }[] }[] {
  return grid.columns
    .map((column, i) => ({
      id: column.id,
      rows: [
        ...grid.rows.map((r) => ({ row: r.capability as string, names: r.cells[i]?.deviationNames ?? [] })),
        ...grid.sectionRows.map((r) => ({ row: r.label, names: r.cells[i]?.deviationNames ?? [] })),
      ].filter((r) => r.names.length > 0),
    }))
    .filter((c) => c.rows.length > 0);
}

/** The sections a backend skipped, and why: `[{ id, row, reason }]`. */
export function skippedSections(grid: MatrixGrid): { id: string; row: string; reason: string }[] {
  return grid.columns.flatMap((column, i) =>
    grid.sectionRows.flatMap((r) => {
      const cell = r.cells[i];
      return cell?.status === "skipped" && cell.reason !== undefined ? [{ id: column.id, row: r.label, reason: cell.reason }] : [];
    }),
  );
}

/** The kind of the matrix's backends: its reports', else the one it declares (a run where none ran). */
export function matrixKind(result: MatrixResult): SubjectKindId | undefined {
  const ran = result.outcomes.find((o): o is Extract<BackendOutcome, { status: "ran" }> => o.status === "ran");
  return ran?.report.subjectKind ?? result.subjectKind;
}

function toColumn(outcome: BackendOutcome): MatrixColumn {
  const base = { id: outcome.id, title: outcome.title, status: outcome.status, passed: 0, failed: 0 };
  if (outcome.status === "skipped") return { ...base, note: outcome.reason };
  if (outcome.status === "error") return { ...base, note: outcome.error, durationMs: outcome.durationMs };
  let passed = 0;
  let failed = 0;
  for (const r of outcome.report.capabilityResults()) {
    const counts = countsOf(r);
    passed += counts.passed;
    failed += counts.failed;
  }
  return { ...base, level: outcome.report.levelLabel(), durationMs: outcome.durationMs, passed, failed };
}

function toCell(result: CapabilityResult | undefined): MatrixCell | undefined {
  if (!result) return undefined;
  const { passed, failed } = countsOf(result);
  const deviationNames = result.tests.filter(isDeviation).map((t) => t.name);
  const deviations = deviationNames.length;
  const dev = deviations > 0 ? ` +${deviations} dev` : "";
  const text =
    result.status === "passed"
      ? `✓ ${passed}${dev}`
      : result.status === "failed"
        ? `✗ ${passed}/${passed + failed}${dev}`
        : result.status === "not-implemented"
          ? "not impl."
          : "skipped";
  return { status: result.status, passed, failed, deviations, deviationNames, text };
}

function verdictOf(test: TestResult): TestVerdict {
  if (test.status === "skipped") return isNotApplicableReason(test.reason) ? "not-applicable" : "skip";
  if (test.advisory) return test.status === "passed" ? "advisory-pass" : "advisory-fail";
  if (test.status === "passed") return "pass";
  return isDeviation(test) ? "deviation" : "fail";
}

function disagreeingTests(outcomes: readonly BackendOutcome[], capability: CapabilityId): Disagreement[] {
  const ran = outcomes.filter((o): o is Extract<BackendOutcome, { status: "ran" }> => o.status === "ran");
  const byTest = new Map<string, Record<string, TestVerdict>>();
  for (const outcome of ran) {
    for (const test of outcome.report.results[capability]?.tests ?? []) {
      const verdicts = byTest.get(test.name) ?? {};
      verdicts[outcome.id] = verdictOf(test);
      byTest.set(test.name, verdicts);
    }
  }
  const found: Disagreement[] = [];
  for (const [test, verdicts] of byTest) {
    // A test some backends never reached (their capability is not implemented) is not a disagreement on the test.
    if (new Set(Object.values(verdicts)).size > 1) found.push({ row: capability, test, verdicts });
  }
  return found;
}
