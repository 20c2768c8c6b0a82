import type { ReporterFactory, ReportFormat } from "./types.js";
import { renderMatrixJson } from "./matrix/render-json.js";

/** `report.toDict()` as indented JSON (Python's `to_dict()` keys plus details). */
const jsonReporter: ReporterFactory = () => ({
  render: (report) => `${JSON.stringify(report.toDict(), null, 2)}\n`,
});

export const jsonFormat: ReportFormat = { machine: true, report: jsonReporter, matrix: (file) => renderMatrixJson(file.result) };
