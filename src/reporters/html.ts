import { renderHtmlReport } from "./html/report-html.js";
import type { ReporterFactory } from "./types.js";

/** One self-contained HTML page (inline CSS and JS, no network): `--reporter html:report.html`. */
export const htmlReporter: ReporterFactory = () => ({
  machine: true,
  render: (report) => renderHtmlReport(report),
});
