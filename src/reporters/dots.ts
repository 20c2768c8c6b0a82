import { ProgressCallbacks } from "../engine/progress.js";
import type { Palette } from "./palette.js";
import { attemptsSuffix, firstLine, resultLine } from "./summary.js";
import type { ReporterFactory } from "./types.js";

/** One character per spec test as it finishes, then the failures in one line each, failed sections, and the Result line. */
export const dotsReporter: ReporterFactory = ({ write, palette }) => ({
  machine: false,
  ...ProgressCallbacks.default((text) => write(colorDot(text, palette))),
  render(report) {
    const lines = report
      .failures()
      .map(({ capability, test }) => `  ${palette.red("✗")} ${capability} › ${test.name}${test.ids.length > 0 ? ` [${test.ids.join(", ")}]` : ""}${attemptsSuffix(test)}: ${firstLine(test.failure.message)}`);
    const notChecked = report.notChecked().map(({ capability, test }) => `  ${palette.yellow("-")} ${capability} › ${test.name}: ${test.reason}`);
    // A section that failed shows its details (what failed and why); every section that ran is in the Result line.
    const sections = report.sections.filter((section) => section.passed() === false).flatMap((section) => section.lines().map((l) => `  ${l}`));
    const errors = report.errors.map((e) => `  ${palette.red("✗")} ${e}`);
    return [...lines, ...notChecked, ...sections, ...errors, `  ${resultLine(report, palette)} (${report.checkpointerName})`, ""].join("\n");
  },
});

const DOT_COLORS: Record<string, keyof Palette> = { ".": "green", F: "red", a: "yellow", d: "yellow", s: "dim" };

function colorDot(text: string, palette: Palette): string {
  const color = DOT_COLORS[text];
  return color ? palette[color](text) : text;
}
