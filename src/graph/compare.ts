import { diffValues, formatValue, type Difference } from "../format.js";
import type { ClauseId } from "../diagnosis/clauses.js";
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
  /** The storage clause a targeted probe confirmed as the cause; absent when no probe failed. */
  clause?: ClauseId;
  /** The saver method that probe blames (`getTuple`, `putWrites`…), with the clause. */
  method?: string;
}

/** The first difference between two transcripts of one scenario, or undefined when they agree. */
export function firstDivergence(expected: readonly TranscriptEntry[], actual: readonly TranscriptEntry[]): Divergence | undefined {
  return transcriptDiff(expected, actual, 1)[0];
}

/** The steps where two transcripts differ, the first difference of each, at most `max` of them. */
export function transcriptDiff(expected: readonly TranscriptEntry[], actual: readonly TranscriptEntry[], max: number): Divergence[] {
  const out: Divergence[] = [];
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n && out.length < max; i++) {
    const e = expected[i];
    const a = actual[i];
    if (!e || !a || e.label !== a.label) {
      out.push({ step: i + 1, label: e?.label ?? a?.label ?? "(end)", path: "(step)", expected: e?.label, actual: a?.label });
      break; // the steps no longer line up: later ones would differ only by position
    }
    const [diff] = diffValues(e.value, a.value, { max: 1 });
    if (diff) out.push(toDivergence(i + 1, e.label, diff));
  }
  return out;
}

function toDivergence(step: number, label: string, diff: Difference): Divergence {
  const path = diff.path === "(value)" ? "" : diff.path;
  return { step, label, path: path || "(whole value)", expected: diff.expected, actual: diff.actual };
}

const shown = (value: unknown, absent: string) => (value === undefined ? absent : formatValue(value));

/** The divergence in the words a saver author needs: where and what (its cause is told by the probes). */
export function explainDivergence(d: Divergence): string {
  return [
    `differs from MemorySaver at step ${d.step} "${d.label}", field ${d.path}:`,
    `  MemorySaver: ${shown(d.expected, "nothing (the key is absent)")}`,
    `  this saver:  ${shown(d.actual, "nothing (the key is missing)")}`,
  ].join("\n");
}

/** Every differing step of the two transcripts, one line each: shown when no probe names the cause. */
export function transcriptDiffLines(expected: readonly TranscriptEntry[], actual: readonly TranscriptEntry[], max = 6): string[] {
  const diffs = transcriptDiff(expected, actual, max + 1);
  const lines = diffs
    .slice(0, max)
    .map(
      (d) =>
        `  step ${d.step} "${d.label}", ${d.path}: MemorySaver ${shown(d.expected, "(absent)")} | this saver ${shown(d.actual, "(missing)")}`,
    );
  if (diffs.length > max) lines.push("  … and later steps");
  return ["transcript diff (every step that differs, first field of each):", ...lines];
}
