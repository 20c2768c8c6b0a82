import type { ConformanceReport } from "../report/conformance-report.js";
import { readReportJSON } from "../report/json.js";
import { reviveSection } from "./index.js";

export { reportToJSON, staticSection, type ReportJSON, type SectionJSON } from "../report/json.js";

/** The report a `reportToJSON()` value (or its parsed JSON text) describes, its sections revived by their kind; throws on anything else. @public */
export function reportFromJSON(value: unknown): ConformanceReport {
  return readReportJSON(value, reviveSection);
}
