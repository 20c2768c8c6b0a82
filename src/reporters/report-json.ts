import { reportToJSON } from "../report/json.js";
import type { ReporterFactory } from "./types.js";

/** The lossless report (`reportToJSON()`), which `checkpoint-conformance merge` and `reportFromJSON()` read back. */
export const reportJsonReporter: ReporterFactory = () => ({
  machine: true,
  render: (report) => `${JSON.stringify(reportToJSON(report))}\n`,
});
