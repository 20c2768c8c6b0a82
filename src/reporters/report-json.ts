import { reportToJSON } from "../report/json.js";
import type { ReporterFactory } from "./types.js";

/**
 * The lossless report (`reportToJSON()`), which `checkpoint-conformance merge`
 * and `reportFromJSON()` read back, with the saver's module when known (for
 * the merged report's github annotations).
 */
export const reportJsonReporter: ReporterFactory = (options) => ({
  machine: true,
  render: (report) => `${JSON.stringify({ ...reportToJSON(report), ...(options.subjectFile !== undefined ? { subjectFile: options.subjectFile } : {}) })}\n`,
});
