import { BASE_CAPABILITIES, type Capability } from "../capabilities.js";
import type { ConformanceReport } from "../report.js";

/**
 * Whether the run passed the level asked for. Without --strict: every base
 * capability the user selected passed (all five unless --capabilities/--skip
 * narrowed them; with no base capability selected, every detected one).
 * With --strict: every detected capability passed. Either way, every report
 * section that ran (graph scenarios when turned on, the model mode by default)
 * passed or was skipped: declared deviations do not fail it.
 */
export function runPassed(report: ConformanceReport, selected: readonly Capability[] | undefined, strict: boolean): boolean {
  return capabilitiesPassed(report, selected, strict) && report.sections.every((section) => section.passed() !== false);
}

function capabilitiesPassed(report: ConformanceReport, selected: readonly Capability[] | undefined, strict: boolean): boolean {
  if (strict) return report.passedAll();
  const base = BASE_CAPABILITIES.filter((cap) => !selected || selected.includes(cap));
  if (base.length === 0) return report.passedAll();
  return base.every((cap) => report.results[cap]?.status === "passed");
}
