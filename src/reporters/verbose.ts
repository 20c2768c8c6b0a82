import { specFailureItem } from "../diagnosis/causes/failure-item.js";
import { causeIdOf } from "../diagnosis/causes/group.js";
import { causeKey } from "../diagnosis/causes/signature.js";
import { ProgressCallbacks } from "../run/progress.js";
import type { Palette } from "./palette.js";
import { prettyReporter } from "./pretty.js";
import type { ReporterFactory, ReportFormat } from "./types.js";

/**
 * One line per spec test (with its catalog ids and, when it fails, the message), then the pretty report.
 * A failure with the same cause as an earlier one names that one instead of repeating its message.
 */
const verboseReporter: ReporterFactory = (options) => {
  const live = ProgressCallbacks.verbose((text) => options.write(colorIcon(text, options.palette)));
  const seen = new Map<string, string>();
  return {
    ...prettyReporter(options),
    ...live,
    onTestResult(capability, name, passed, error, result) {
      // Advisory and deviation failures too: the same error is printed once.
      if (result.status !== "failed") return live.onTestResult?.(capability, name, passed, error, result);
      const key = causeKey(specFailureItem(capability, result));
      const first = seen.get(key);
      if (first === undefined) seen.set(key, `${capability} › ${name}`);
      const shown = first === undefined ? error : `same cause as ${first} [cause ${causeIdOf(key)}]`;
      live.onTestResult?.(capability, name, passed, shown, result);
    },
  };
};

const ICON_COLORS: Record<string, keyof Palette> = { "✓": "green", "✗": "red", "⚠": "yellow", "⚑": "yellow", "-": "dim" };

function colorIcon(line: string, palette: Palette): string {
  return line.replace(/^(\s+)([✓✗⚠⚑-]) /u, (_, indent: string, icon: string) => `${indent}${palette[ICON_COLORS[icon]](icon)} `);
}

export const verboseFormat: ReportFormat = {
  machine: false,
  report: verboseReporter,
  matrix: { unsupported: "prints one line per spec test as a run goes, and a matrix is written once its backends have run" },
};
