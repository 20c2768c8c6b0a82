import type { ReportSection } from "./types.js";

/**
 * The line every format shows at its top when the run did not complete:
 * `INTERRUPTED: interrupted by SIGINT during put › a (+3 more in flight); 120 tests not run.`
 * or `INCOMPLETE: model not run: …`; undefined for a run that completed.
 * Read from the sections that say so (ReportSection.incomplete).
 */
export function incompleteBanner(report: { sections: readonly ReportSection[] }): string | undefined {
  const detail = (section: ReportSection) =>
    section
      .lines()
      .slice(1)
      .map((line) => line.trim().replace(/^– /, ""))
      .join(" ");
  const interrupted = report.sections.find((section) => section.incomplete?.() === "interrupted");
  if (interrupted) return `INTERRUPTED: ${detail(interrupted)}`;
  const notRun = report.sections.filter((section) => section.incomplete?.() === "not-run");
  if (notRun.length === 0) return undefined;
  return `INCOMPLETE: ${notRun.map((section) => `${section.key} not run: ${detail(section)}`).join("; ")}`;
}
