import type { AnyCapability as Capability } from "../kinds/descriptors.js";
import type { ConformanceReport, SectionFailure, TestResult } from "../report.js";
import { specThrownError } from "./spec-error.js";

/** One counted failure of a run, wherever it happened: a spec test, a graph case, a model disagreement. */
export interface FailureItem extends SectionFailure {
  /** `put › test_put_roundtrip`, `graph › G01[async]`, `model › put()`. */
  label: string;
  /** `spec`, or the key of the section it belongs to (`graph`, `model`). */
  section: string;
  /** Set for spec failures: the test result itself. */
  spec?: { capability: Capability; test: Extract<TestResult, { status: "failed" }> };
}

/** Every counted failure: the spec tests' (`report.failures()`), then each section's, in report order. */
export function failureItems(report: ConformanceReport): FailureItem[] {
  const spec = report.failures().map(({ capability, test }) => specFailureItem(capability, test));
  const sections = report.sections.flatMap((section) =>
    (section.failures?.() ?? []).map((f): FailureItem => ({ ...f, label: `${section.key} › ${f.name}`, section: section.key })),
  );
  return [...spec, ...sections];
}

/** A failed spec test as a failure item. */
export function specFailureItem(capability: Capability, test: Extract<TestResult, { status: "failed" }>): FailureItem {
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
