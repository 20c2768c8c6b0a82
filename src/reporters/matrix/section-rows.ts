import type { ReportSection } from "../../report/types.js";
import { SECTION_KINDS, sectionKindOf } from "../../sections/index.js";
import type { MatrixSectionCell, SectionKind } from "../../sections/kind.js";
import type { BackendOutcome, Disagreement, MatrixSectionKey, TestVerdict } from "./types.js";

export type { MatrixSectionCell, MatrixSectionKey };

/** The report sections the matrix shows as rows after the capabilities, in this order (one per section kind). @public */
export const MATRIX_SECTIONS: readonly { key: MatrixSectionKey; label: string }[] = SECTION_KINDS.map(({ key, label }) => ({ key, label }));

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
  const kind = section && sectionKindOf(section);
  return kind && section ? kind.matrixCell(section) : undefined;
}

/** Graph: one verdict per scenario case; model: one for the whole run. */
function sectionVerdicts(section: ReportSection | undefined): Map<string, TestVerdict> {
  const kind: SectionKind | undefined = section && sectionKindOf(section);
  return kind && section ? kind.matrixVerdicts(section) : new Map();
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
