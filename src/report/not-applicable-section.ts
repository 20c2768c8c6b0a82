import type { ReportSection } from "./conformance-report.js";

/**
 * A report section that did not run because it does not apply to the saver's
 * declared profile: shown with its reason, neither passed nor failed.
 */
export function notApplicableSection(key: string, title: string, reason: string): ReportSection {
  return {
    key,
    lines: () => [title, `  – ${reason}`],
    toJSON: () => ({ status: "not-applicable", reason }),
    passed: () => null,
  };
}
