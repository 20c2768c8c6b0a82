import type { ConformanceReport } from "../report/conformance-report.js";
export { attemptsLabel, attemptsSuffix } from "../report/results.js";
import type { Palette } from "./palette.js";

/** The report's Result line (`Result: FULL (5/5); graph 22/22`), the same in every reporter, colored by the verdict. */
export function resultLine(report: ConformanceReport, palette: Palette): string {
  const verdict = report.verdict();
  return palette.bold(verdict.passed ? palette.green(verdict.resultLine) : palette.red(verdict.resultLine));
}

export { firstLine } from "../util/text.js";
