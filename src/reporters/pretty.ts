import { resultLine } from "./summary.js";
import type { ReporterFactory, ReportFormat } from "./types.js";
import { renderMatrixTerminal } from "./matrix/render-terminal.js";

/** The `printReport()` layout, written once at the end. */
export const prettyReporter: ReporterFactory = ({ palette }) => ({
  render(report) {
    // Only the result line is colored, so the layout stays byte-identical to printReport() without color.
    const { resultLine: plain } = report.verdict();
    return report.formatReport().replace(plain, () => resultLine(report, palette));
  },
});

/** The terminal layout; the only format with colors, and the only one for people rather than programs. */
export const prettyFormat: ReportFormat = {
  machine: false,
  report: prettyReporter,
  matrix: (file, { color }) => renderMatrixTerminal(file.result, { color }),
};
