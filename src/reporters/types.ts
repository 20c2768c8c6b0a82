import type { ProgressHooks } from "../run/progress.js";
import type { ConformanceReport } from "../report/conformance-report.js";
import type { MatrixReportFile } from "./matrix/matrix-report-json.js";
import type { Palette } from "./palette.js";

/**
 * One run of a report format: optional live hooks (written as the run goes)
 * plus the final rendering. Both go to the same destination, a terminal or a file.
 * @public
 */
export interface Reporter extends ProgressHooks {
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

/** What a matrix renderer is told about where its text goes. @public */
export interface MatrixRenderOptions {
  /** ANSI colors (only on a terminal). */
  color: boolean;
  /** The environment (the github format reads GITHUB_STEP_SUMMARY). */
  env: Record<string, string | undefined>;
}

/** A backend matrix (`--backends`, and `merge` of its shards) as text. @public */
export type MatrixRenderer = (file: MatrixReportFile, options: MatrixRenderOptions) => string;

/**
 * A report format (`--reporter NAME`): how it writes the report of one saver
 * and how it writes a backend matrix, or why it has no matrix form.
 * @public
 */
export interface ReportFormat {
  /** Machine-readable output: when it goes to stdout, text for people goes to stderr. */
  readonly machine: boolean;
  /** The report of one saver. */
  readonly report: ReporterFactory;
  /** The backend matrix, or a sentence saying why this format has none (the CLI's usage error). */
  readonly matrix: MatrixRenderer | { readonly unsupported: string };
}
