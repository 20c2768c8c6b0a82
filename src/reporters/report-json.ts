import { reportToJSON } from "../report/json.js";
import type { ReporterFactory, ReportFormat } from "./types.js";
import { renderMatrixReportJson } from "./matrix/matrix-report-json.js";

/**
 * The lossless report (`reportToJSON()`), which `checkpoint-conformance merge`
 * and `reportFromJSON()` read back, with the saver's module when known (for
 * the merged report's github annotations).
 */
const reportJsonReporter: ReporterFactory = (options) => ({
  render: (report) =>
    `${JSON.stringify({ ...reportToJSON(report), ...(options.subjectFile !== undefined ? { subjectFile: options.subjectFile } : {}) })}\n`,
});

/** The matrix form is the file `checkpoint-conformance merge` reads for a split matrix. */
export const reportJsonFormat: ReportFormat = { machine: true, report: reportJsonReporter, matrix: renderMatrixReportJson };
