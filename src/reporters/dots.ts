import { ProgressCallbacks } from "../engine/progress.js";
import { causesHeadline, causeSummary, sectionCauseOptions } from "./causes-text.js";
import type { Palette } from "./palette.js";
import { resultLine } from "./summary.js";
import type { ReporterFactory } from "./types.js";

/** One character per spec test as it finishes, then the causes of the failures one line each, failed sections, and the Result line. */
export const dotsReporter: ReporterFactory = ({ write, palette }) => ({
  machine: false,
  ...ProgressCallbacks.default((text) => write(colorDot(text, palette))),
  render(report) {
    const causes = report.causes();
    const lines = causes.length > 0 ? [`  ${causesHeadline(causes)}`, ...causes.map((c, i) => `  ${palette.red("✗")} ${causeSummary(c, i + 1)}`)] : [];
    // A section that failed shows its details (what failed and why); every section that ran is in the Result line.
    const sections = report.sections
      .filter((section) => section.passed() === false)
      .flatMap((section) => section.lines(sectionCauseOptions(causes, section.key, "above")).map((l) => `  ${l}`));
    const errors = report.errors.map((e) => `  ${palette.red("✗")} ${e}`);
    return [...lines, ...sections, ...errors, `  ${resultLine(report, palette)} (${report.checkpointerName})`, ""].join("\n");
  },
});

const DOT_COLORS: Record<string, keyof Palette> = { ".": "green", F: "red", a: "yellow", d: "yellow", s: "dim" };

function colorDot(text: string, palette: Palette): string {
  const color = DOT_COLORS[text];
  return color ? palette[color](text) : text;
}
