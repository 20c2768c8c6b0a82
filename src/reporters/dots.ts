import { ProgressCallbacks } from "../engine/progress.js";
import type { Palette } from "./palette.js";
import { firstLine, resultLine } from "./summary.js";
import type { ReporterFactory } from "./types.js";

/** One character per spec test as it finishes, then the failures in one line each and the level. */
export const dotsReporter: ReporterFactory = ({ write, palette }) => ({
  machine: false,
  ...ProgressCallbacks.default((text) => write(colorDot(text, palette))),
  render(report) {
    const lines = report
      .failures()
      .map(({ capability, test }) => `  ${palette.red("✗")} ${capability} › ${test.name} [${test.ids.join(", ")}]: ${firstLine(test.failure.message)}`);
    return [...lines, `  ${resultLine(report, palette)} ${report.checkpointerName}`, ""].join("\n");
  },
});

const DOT_COLORS: Record<string, keyof Palette> = { ".": "green", F: "red", a: "yellow", d: "yellow", s: "dim" };

function colorDot(text: string, palette: Palette): string {
  const color = DOT_COLORS[text];
  return color ? palette[color](text) : text;
}
