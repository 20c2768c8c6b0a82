import type { ProgressHooks } from "../run/progress.js";
import type { ConformanceReport } from "../report/conformance-report.js";
import type { Palette } from "./palette.js";

/**
 * A report format: optional live hooks (written as the run goes) plus the
 * final rendering. Both go to the same destination, a terminal or a file.
 * @public
 */
export interface Reporter extends ProgressHooks {
  /** Machine-readable output (json, junit, markdown): human progress goes elsewhere. */
  readonly machine: boolean;
  /** The text written once the run is over. */
  render(report: ConformanceReport): string;
}

/** @public */
export interface ReporterOptions {
  /** Where the live hooks write. */
  write: (text: string) => void;
  /** Colors; `plainPalette` for files, pipes and NO_COLOR. */
  palette: Palette;
  /** The environment (the github reporter reads GITHUB_STEP_SUMMARY). Default: process.env. */
  env?: Record<string, string | undefined>;
  /** The saver's module, relative to the working directory, when known: where annotations point. */
  subjectFile?: string;
}

/** @public */
export type ReporterFactory = (options: ReporterOptions) => Reporter;
