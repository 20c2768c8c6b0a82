import type { FailureItem } from "./failure-item.js";

/** The kind of wrong answer a failure shows, read from its own expected and actual values. */
export type AnswerKind = "rejected" | "too-many" | "too-few" | "unexpected-item" | "missing-item" | "order" | "changed";

const COUNTS: readonly RegExp[] = [
  /\.length: expected (\d[\d,]*), got (\d[\d,]*)/,
  /returned (\d[\d,]*) tuples, the model (\d[\d,]*)/,
  /expected: (\d[\d,]*)(?: [a-z]+)?\n\s*actual:\s+(\d[\d,]*)(?: [a-z]+)?\s*$/m,
];

/**
 * What the failure's data says went wrong, and nothing more: a call that threw,
 * more or fewer items than expected, an item where none was expected (or none
 * where one was), the same items in another order, or a changed value.
 */
export function answerKind(item: FailureItem): AnswerKind {
  if (item.error) return "rejected";
  const text = item.message;
  const count = countsOf(text);
  if (count) {
    // The model reports (actual, expected); the others (expected, actual).
    const [expected, actual] = count.modelFirst ? [count.b, count.a] : [count.a, count.b];
    if (actual > expected) return "too-many";
    if (actual < expected) return "too-few";
  }
  if (/got (\d[\d,]*) tuples; the first difference is at position (\d[\d,]*)\n\s*expected there: undefined/.test(text)) return "too-many";
  if (/expected: undefined\n\s*actual:\s+(?!undefined)\S/.test(text) || /\bunexpected\b/.test(text)) return "unexpected-item";
  if (/actual:\s+undefined\s*$/m.test(text) || /came back as undefined|came back as no \w+ at all|\bmissing\b|\bis gone\b|\blost\b/.test(text)) return "missing-item";
  if (/\border\b|newest first|oldest first|descending/i.test(text)) return "order";
  return "changed";
}

function countsOf(text: string): { a: number; b: number; modelFirst: boolean } | undefined {
  for (const [i, pattern] of COUNTS.entries()) {
    const m = pattern.exec(text);
    if (m) return { a: Number(m[1].replace(/,/g, "")), b: Number(m[2].replace(/,/g, "")), modelFirst: i === 1 };
  }
  return undefined;
}

/** What the answers held, as a cause's title says it: `more items than expected`. */
export const ANSWER_KIND_TEXT: Record<AnswerKind, string> = {
  rejected: "an error",
  "too-many": "more items than expected",
  "too-few": "fewer items than expected",
  "unexpected-item": "an item where none is expected",
  "missing-item": "nothing (or a part missing) where data was stored",
  order: "the expected items in another order",
  changed: "a different value than expected",
};
