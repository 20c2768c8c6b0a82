import { createHash } from "node:crypto";
import type { ConformanceReport } from "../report/conformance-report.js";
import { failureItems, type FailureItem } from "./failure-item.js";
import { causeKey, causeTitle } from "./signature.js";

/**
 * Failures that share a root cause, shown once: the first failure in full,
 * the others by name. Computed from the report's results every time it is
 * asked (never stored), so a merged or read-back report has the same causes.
 * @public
 */
export interface FailureCause {
  /** A short hash of what the failures share: the same in every run that fails the same way. */
  causeId: string;
  /** One line: the saver's error and its top frame, or the failing clause. */
  title: string;
  /** `error` when the saver (or its factory) threw, `clause` when an assertion failed. */
  kind: "error" | "clause";
  /** Every failure it explains, in report order; the first is the one shown in full. */
  failures: FailureItem[];
}

/** The report's counted failures grouped by cause, the cause that explains most failures first. */
export function failureCauses(report: ConformanceReport): FailureCause[] {
  const byKey = new Map<string, FailureItem[]>();
  for (const item of failureItems(report)) {
    const key = causeKey(item);
    byKey.set(key, [...(byKey.get(key) ?? []), item]);
  }
  // A stable sort: causes with equal counts keep the order of their first failure.
  return [...byKey]
    .map(([key, failures]): FailureCause => ({
      causeId: causeIdOf(key),
      title: causeTitle(failures[0]),
      kind: failures[0].error ? "error" : "clause",
      failures,
    }))
    .sort((a, b) => b.failures.length - a.failures.length);
}

/** The cause of each failure by its label (`put › test_put_roundtrip`), with the cause's number (1 = explains most). */
export function causeIndex(causes: readonly FailureCause[]): Map<string, { cause: FailureCause; number: number }> {
  const index = new Map<string, { cause: FailureCause; number: number }>();
  causes.forEach((cause, i) => {
    for (const f of cause.failures) index.set(f.label, { cause, number: i + 1 });
  });
  return index;
}

/** The short, stable id of a cause key. */
export function causeIdOf(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}
