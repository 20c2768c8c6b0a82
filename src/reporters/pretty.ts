import { resultLine } from "./summary.js";
import type { ReporterFactory } from "./types.js";

/** The `printReport()` layout, written once at the end. */
export const prettyReporter: ReporterFactory = ({ palette }) => ({
  machine: false,
  render(report) {
    // Only the result line is colored, so the layout stays byte-identical to printReport() without color.
    const { resultLine: plain } = report.verdict();
    return report.formatReport().replace(plain, () => resultLine(report, palette));
  },
});
