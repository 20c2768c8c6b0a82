import { renderHtmlReport } from "./html/report-html.js";
import type { ReporterFactory, ReportFormat } from "./types.js";
import { renderMatrixHtml } from "./matrix/render-html.js";

/** One self-contained HTML page (inline CSS and JS, no network): `--reporter html:report.html`. */
const htmlReporter: ReporterFactory = () => ({
  render: (report) => renderHtmlReport(report),
});

export const htmlFormat: ReportFormat = { machine: true, report: htmlReporter, matrix: (file) => renderMatrixHtml(file.result) };
