import { ProgressCallbacks } from "../engine/progress.js";
import type { Palette } from "./palette.js";
import { prettyReporter } from "./pretty.js";
import type { ReporterFactory } from "./types.js";

/** One line per spec test (with its catalog ids and, when it fails, the message), then the pretty report. */
export const verboseReporter: ReporterFactory = (options) => ({
  ...prettyReporter(options),
  ...ProgressCallbacks.verbose((text) => options.write(colorIcon(text, options.palette))),
});

const ICON_COLORS: Record<string, keyof Palette> = { "✓": "green", "✗": "red", "⚠": "yellow", "⚑": "yellow", "-": "dim" };

function colorIcon(line: string, palette: Palette): string {
  return line.replace(/^(\s+)([✓✗⚠⚑-]) /u, (_, indent: string, icon: string) => `${indent}${palette[ICON_COLORS[icon]](icon)} `);
}
