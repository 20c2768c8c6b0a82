import { createHash } from "node:crypto";
import type { FailureCause, FailureItem, ReportData } from "../report/types.js";
import { failureItems } from "./failure-item.js";

export type { FailureCause };
import { causeKey, causeTitle } from "./signature.js";

/** The counted failures of these results and sections grouped by cause, the cause that explains most failures first. */
export function failureCauses(data: Pick<ReportData, "results" | "sections">): FailureCause[] {
  const byKey = new Map<string, FailureItem[]>();
  for (const item of failureItems(data)) {
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
