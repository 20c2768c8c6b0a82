import { dotsReporter } from "./dots.js";
import { githubReporter } from "./github.js";
import { htmlReporter } from "./html.js";
import { jsonReporter } from "./json.js";
import { junitReporter } from "./junit.js";
import { markdownReporter } from "./markdown.js";
import { prettyReporter } from "./pretty.js";
import { reportJsonReporter } from "./report-json.js";
import type { ReporterFactory } from "./types.js";
import { verboseReporter } from "./verbose.js";

/** The built-in report formats by name; a new format is one file and one line here. @public */
export const REPORTERS = {
  pretty: prettyReporter,
  dots: dotsReporter,
  verbose: verboseReporter,
  json: jsonReporter,
  junit: junitReporter,
  markdown: markdownReporter,
  github: githubReporter,
  html: htmlReporter,
  "report-json": reportJsonReporter,
} as const satisfies Record<string, ReporterFactory>;

/** @public */
export type ReporterName = keyof typeof REPORTERS;

export const REPORTER_NAMES = Object.keys(REPORTERS) as ReporterName[];

export function isReporterName(value: string): value is ReporterName {
  return Object.hasOwn(REPORTERS, value);
}

export type { Reporter, ReporterFactory, ReporterOptions } from "./types.js";
export { colorPalette, paletteFor, plainPalette, type Palette } from "./palette.js";
