import { countsTowardLevel, type ConformanceReport } from "../report.js";
import type { Palette } from "./palette.js";

/** `Result: FULL (5/5)`, the last line of the pretty report, colored by whether the base level passed. */
export function resultLine(report: ConformanceReport, palette: Palette): string {
  const counted = report.capabilityResults().filter(countsTowardLevel);
  const passed = counted.filter((r) => r.status === "passed").length;
  const text = `Result: ${report.levelLabel()} (${passed}/${counted.length})`;
  return palette.bold(report.passedAllBase() ? palette.green(text) : palette.red(text));
}

/** The first line of a (multi-line) failure message. */
export function firstLine(text: string): string {
  return text.split("\n", 1)[0];
}
