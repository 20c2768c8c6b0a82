import { dotsFormat } from "./dots.js";
import { githubFormat } from "./github.js";
import { htmlFormat } from "./html.js";
import { jsonFormat } from "./json.js";
import { junitFormat } from "./junit.js";
import { markdownFormat } from "./markdown.js";
import { prettyFormat } from "./pretty.js";
import { reportJsonFormat } from "./report-json.js";
import type { ReportFormat } from "./types.js";
import { verboseFormat } from "./verbose.js";

/**
 * The report formats by `--reporter` name, each with its single-saver report
 * and its backend matrix (or why it has none); a new format is one file and
 * one line here.
 * @public
 */
export const REPORTERS = {
  pretty: prettyFormat,
  dots: dotsFormat,
  verbose: verboseFormat,
  json: jsonFormat,
  junit: junitFormat,
  markdown: markdownFormat,
  github: githubFormat,
  html: htmlFormat,
  "report-json": reportJsonFormat,
} as const satisfies Record<string, ReportFormat>;

/** @public */
export type ReporterName = keyof typeof REPORTERS;

export const REPORTER_NAMES = Object.keys(REPORTERS) as ReporterName[];

export function isReporterName(value: string): value is ReporterName {
  return Object.hasOwn(REPORTERS, value);
}

/** The formats that write a backend matrix. */
export const MATRIX_REPORTER_NAMES = REPORTER_NAMES.filter((name) => !("unsupported" in REPORTERS[name].matrix));

export type { MatrixRenderer, MatrixRenderOptions, Reporter, ReporterFactory, ReporterOptions, ReportFormat } from "./types.js";
export { colorPalette, paletteFor, plainPalette, type Palette } from "./palette.js";
