import { NOT_APPLICABLE } from "../../kinds/types.js";
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
  /** A required result differs: the status or a case's verdict (behaviour answers are never results); the row marked ≠. */
  differs: boolean;
}

/** One implementation-defined question (a behaviour profile's) and each backend's answer. @public */
export interface MatrixFactRow {
  /** The section's matrix label ("behaviour profile"). */
  section: string;
  id: string;
  question: string;
  /** One per column; undefined where the backend did not answer (did not run, or has no such section). */
  answers: (string | undefined)[];
  /** The backends that answered do not all give the same answer. */
  differ: boolean;
}

/** A row for each section that ran on at least one backend (graph scenarios, model), where the backends disagree on it, and the answers its backends gave (behaviour profile). */
export function buildSectionRows(outcomes: readonly BackendOutcome[]): {
  rows: MatrixSectionRow[];
  disagreements: Disagreement[];
  facts: MatrixFactRow[];
} {
  const rows: MatrixSectionRow[] = [];
  const disagreements: Disagreement[] = [];
  const facts: MatrixFactRow[] = [];
  for (const { key, label } of MATRIX_SECTIONS) {
    const sections = outcomes.map((o) => (o.status === "ran" ? o.report.sections.find((s) => s.key === key) : undefined));
    if (sections.every((s) => s === undefined)) continue;
    const verdicts = outcomes.map((o, i) => ({ id: o.id, verdicts: sectionVerdicts(sections[i]) }));
    const found = disagreeing(
      key,
      verdicts.filter((v, i) => outcomes[i].status === "ran" && v.verdicts.size > 0),
    );
    const cells = sections.map(sectionCell);
    const statuses = new Set(cells.filter((c) => c !== undefined).map((c) => c.status));
    const answered = factRows(label, sections);
    disagreements.push(...found);
    facts.push(...answered);
    rows.push({
      key,
      label,
      cells,
      disagree: statuses.size > 1 || found.length > 0 || answered.some((f) => f.differ),
      differs: statuses.size > 1 || found.some(isRequiredDisagreement),
    });
  }
  return { rows, disagreements, facts };
}

/** Each question the sections answer, in the order the first backend answered them, with every backend's answer. */
function factRows(label: string, sections: readonly (ReportSection | undefined)[]): MatrixFactRow[] {
  const perBackend = sections.map((section) => {
    const kind: SectionKind | undefined = section && sectionKindOf(section);
    return section && kind?.matrixFacts ? kind.matrixFacts(section) : undefined;
  });
  const questions = new Map<string, string>();
  for (const answers of perBackend) for (const [id, { question }] of answers ?? []) if (!questions.has(id)) questions.set(id, question);
  return [...questions].map(([id, question]) => {
    const answers = perBackend.map((a) => a?.get(id)?.answer);
    // "not applicable (no index declared)" says the question does not apply there: no answer to compare.
    const given = new Set(answers.filter((a): a is string => a !== undefined && !a.startsWith(NOT_APPLICABLE)));
    return { section: label, id, question, answers, differ: given.size > 1 };
  });
}

/** The backends differ on a required result: an advisory test's differing verdicts never fail a backend, so they do not count. */
export function isRequiredDisagreement(d: Disagreement): boolean {
  return new Set(Object.values(d.verdicts).filter((v) => v !== "advisory-pass" && v !== "advisory-fail")).size > 1;
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
