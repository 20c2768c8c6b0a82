import type { ReporterFactory } from "./types.js";

/** `report.toDict()` as indented JSON (Python's `to_dict()` keys plus details). */
export const jsonReporter: ReporterFactory = () => ({
  machine: true,
  render: (report) => `${JSON.stringify(report.toDict(), null, 2)}\n`,
});
