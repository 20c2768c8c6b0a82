import type { ReportSection } from "./conformance-report.js";

/**
 * A section the run was asked for (the model by default) that did not run:
 * shown with why, never counted as a pass. It makes the level INCOMPLETE
 * (src/report/verdict.ts), so a run that left out part of what it was asked
 * to check does not pass.
 */
export function notRunSection(key: string, reason: string): ReportSection {
  return {
    key,
    lines: () => [`${key.toUpperCase()} NOT RUN`, `  – ${reason}`],
    toJSON: () => ({ status: "not-run", reason }),
    passed: () => null,
    summary: () => `${key} not run`,
    incomplete: () => "not-run",
  };
}
