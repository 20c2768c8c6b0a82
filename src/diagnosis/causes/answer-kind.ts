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
  // An object where null was expected (a get() that found an item; the model's `expected null, got {…}`) is an item where none is expected, as is anything where undefined was.
  if (
    /expected: undefined\n\s*actual:\s+(?!undefined)\S/.test(text) ||
    /expected: null\n\s*actual:\s+[{[]|expected null, got [{[]/.test(text) ||
    /\bunexpected\b/.test(text)
  )
    return "unexpected-item";
  if (
    /actual:\s+undefined\s*$/m.test(text) ||
    /came back as undefined|came back as no \w+ at all|\bmissing\b|\bis gone\b|\blost\b/.test(text)
  )
    return "missing-item";
  // The clause may speak of an order; the data decides: the same items rearranged, or values that changed.
  const shown = shownArrays(text);
  if (shown) return sameItems(shown.expected, shown.actual) ? "order" : "changed";
  // A value that became null or undefined is a changed value, whatever order the clause asks for.
  if (/expected (?!null\b|undefined\b)[^,\n]+, got (null|undefined)\b/.test(text)) return "changed";
  if (/\border\b|newest first|oldest first|descending/i.test(text)) return "order";
  return "changed";
}

/** The expected and actual values when both are printed as arrays of plain values (`expected: [0, 1, 2]`, `actual: [null, 1, 2]`). */
function shownArrays(text: string): { expected: unknown[]; actual: unknown[] } | undefined {
  const m = /expected: (\[.*\])\n\s*actual:\s+(\[.*\])\s*$/m.exec(text);
  if (!m) return undefined;
  try {
    const expected: unknown = JSON.parse(m[1]);
    const actual: unknown = JSON.parse(m[2]);
    return Array.isArray(expected) && Array.isArray(actual) ? { expected, actual } : undefined;
  } catch {
    return undefined; // not plain JSON (objects in the value printer's form, a cut value): the data does not say
  }
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  const key = (xs: readonly unknown[]) =>
    xs
      .map((x) => JSON.stringify(x))
      .sort()
      .join("\u0000");
  return a.length === b.length && key(a) === key(b);
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
