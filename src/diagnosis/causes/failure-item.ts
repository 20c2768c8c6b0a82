import type { CapabilityId } from "../../kinds/descriptors.js";
import { failuresOf, type TestResult } from "../../report/results.js";
import type { FailureItem, ReportData } from "../../report/types.js";

export type { FailureItem };
import { specThrownError } from "./spec-error.js";

/** Every counted failure: the spec tests', then each section's, in report order. */
export function failureItems(report: Pick<ReportData, "results" | "sections">): FailureItem[] {
  const spec = failuresOf(report.results).map(({ capability, test }) => specFailureItem(capability, test));
  const sections = report.sections.flatMap((section) =>
    (section.failures?.() ?? []).map((f): FailureItem => ({ ...f, label: `${section.key} › ${f.name}`, section: section.key })),
  );
  return [...spec, ...sections];
}

/** A failed spec test as a failure item. */
export function specFailureItem(capability: CapabilityId, test: Extract<TestResult, { status: "failed" }>): FailureItem {
  const error = specThrownError(test.failure);
  return {
    label: `${capability} › ${test.name}`,
    section: "spec",
    name: test.name,
    ids: test.ids,
    description: test.description,
    message: test.failure.message,
    ...(error ? { error } : {}),
    spec: { capability, test },
  };
}
