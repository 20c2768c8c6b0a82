import { diffValues, formatValue, type Difference } from "../format.js";
import { CLAUSES, likelyClause, type ClauseId } from "./clauses.js";
import type { TranscriptEntry } from "./types.js";

/** Where the transcript on the saver under test first differs from MemorySaver's. @public */
export interface Divergence {
  /** 1-based index of the step in the transcript. */
  step: number;
  /** The step's label, e.g. "getState after replay". */
  label: string;
  /** The field inside the step, e.g. `values.items[2]`. */
  path: string;
  expected: unknown;
  actual: unknown;
  /** The storage clause that most likely causes it. */
  clause: ClauseId;
}

/** The first difference between two transcripts of one scenario, or undefined when they agree. */
export function firstDivergence(
  expected: readonly TranscriptEntry[],
  actual: readonly TranscriptEntry[],
  clauses: readonly ClauseId[],
): Divergence | undefined {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    const e = expected[i];
    const a = actual[i];
    if (!e || !a || e.label !== a.label) {
      const label = e?.label ?? a?.label ?? "(end)";
      return { step: i + 1, label, path: "(step)", expected: e?.label, actual: a?.label, clause: likelyClause(clauses, label, "") };
    }
    const [diff] = diffValues(e.value, a.value, { max: 1 });
    if (diff) return toDivergence(i + 1, e.label, diff, clauses);
  }
  return undefined;
}

function toDivergence(step: number, label: string, diff: Difference, clauses: readonly ClauseId[]): Divergence {
  const path = diff.path === "(value)" ? "" : diff.path;
  return { step, label, path: path || "(whole value)", expected: diff.expected, actual: diff.actual, clause: likelyClause(clauses, label, path) };
}

/** The divergence in the words a saver author needs: where, what, and the clause to check. */
export function explainDivergence(d: Divergence): string {
  const expected = d.expected === undefined ? "nothing (the key is absent)" : formatValue(d.expected);
  const actual = d.actual === undefined ? "nothing (the key is missing)" : formatValue(d.actual);
  return [
    `differs from MemorySaver at step ${d.step} "${d.label}", field ${d.path}:`,
    `  MemorySaver: ${expected}`,
    `  this saver:  ${actual}`,
    `likely cause: ${CLAUSES[d.clause]}`,
  ].join("\n");
}
