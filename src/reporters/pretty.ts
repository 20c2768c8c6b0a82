import type { ReporterFactory } from "./types.js";

/** The `printReport()` layout, written once at the end. */
export const prettyReporter: ReporterFactory = ({ palette }) => ({
  machine: false,
  render(report) {
    // Only the result line is colored, so the layout stays byte-identical to printReport() without color.
    return report.formatReport().replace(/Result: [^\n]*/, (line) =>
      report.passedAllBase() ? palette.bold(palette.green(line)) : palette.bold(palette.red(line)),
    );
  },
});
