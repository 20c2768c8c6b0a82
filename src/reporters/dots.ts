import { ProgressCallbacks } from "../run/progress.js";
import type { FailureCause } from "../diagnosis/causes/group.js";
import { shortFrame } from "../diagnosis/causes/signature.js";
import { causesHeadline, sectionCauseOptions, shownLabel } from "../report/causes-text.js";
import type { Palette } from "./palette.js";
import { incompleteBanner } from "../report/incomplete-banner.js";
import { attemptsSuffix, firstLine, resultLine } from "./summary.js";
import type { ReporterFactory, ReportFormat } from "./types.js";

/** One character per spec test as it finishes, then the causes of the failures one line each, failed sections, and the Result line. */
const dotsReporter: ReporterFactory = ({ write, palette }) => ({
  ...ProgressCallbacks.default((text) => write(colorDot(text, palette))),
  render(report) {
    const causes = report.causes();
    const lines = causes.length > 0 ? [`  ${causesHeadline(causes)}`, ...causes.map((c) => `  ${palette.red("✗")} ${causeLine(c)}`)] : [];
    const notChecked = report
      .notChecked()
      .map(({ capability, test }) => `  ${palette.yellow("-")} ${capability} › ${test.name}: ${test.reason}`);
    // A section that failed shows its details (what failed and why); every section that ran is in the Result line.
    const sections = report.sections
      .filter((section) => section.passed() === false)
      .flatMap((section) => section.lines(sectionCauseOptions(causes, section.key, "above")).map((l) => `  ${l}`));
    const errors = report.errors.map((e) => `  ${palette.red("✗")} ${e}`);
    const banner = incompleteBanner(report);
    const top = banner === undefined ? [] : [`  ${palette.bold(palette.yellow(banner))}`];
    return [...top, ...lines, ...notChecked, ...sections, ...errors, `  ${resultLine(report, palette)} (${report.subjectName})`, ""].join(
      "\n",
    );
  },
});

/** Names shown after a cause's first test before `(+N)`. */
const NAMED_TESTS = 3;

/** A cause on one line: its first test and message (with the saver's line when it threw), then the other tests it explains. */
function causeLine(cause: FailureCause): string {
  const [first, ...rest] = cause.failures;
  const ids = first.ids.length > 0 ? ` [${first.ids.join(", ")}]` : "";
  const frame = first.error?.frames[0] ? ` ${shortFrame(first.error.frames[0], process.cwd())}` : "";
  const names = rest.slice(0, NAMED_TESTS).map(shownLabel);
  const more = rest.length > NAMED_TESTS ? ` (+${rest.length - NAMED_TESTS})` : "";
  const also =
    rest.length > 0 ? ` — and ${rest.length} more test${rest.length === 1 ? "" : "s"} with this cause: ${names.join(", ")}${more}` : "";
  return `${first.label}${ids}${first.spec ? attemptsSuffix(first.spec.test) : ""}: ${firstLine(first.message)}${frame}${also}`;
}

const DOT_COLORS: Record<string, keyof Palette> = { ".": "green", F: "red", a: "yellow", d: "yellow", s: "dim" };

function colorDot(text: string, palette: Palette): string {
  const color = DOT_COLORS[text];
  return color ? palette[color](text) : text;
}

export const dotsFormat: ReportFormat = {
  machine: false,
  report: dotsReporter,
  matrix: { unsupported: "prints one character per spec test as a run goes, and a matrix is written once its backends have run" },
};
