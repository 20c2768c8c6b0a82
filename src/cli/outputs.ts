import { resolve } from "node:path";
import { fanOutHooks, type ProgressHooks } from "../run/progress.js";
import type { ConformanceReport } from "../report/conformance-report.js";
import { paletteFor, plainPalette, REPORTERS, type Reporter } from "../reporters/index.js";
import { deliver } from "./deliver.js";
import type { ReporterTarget } from "./options.js";
import { capabilityLines, progressLine, type ProgressStream } from "./progress-line.js";
import type { CliIo } from "./io.js";

interface Output {
  reporter: Reporter;
  /** Machine-readable (the format's `machine`): text for people then goes to stderr. */
  machine: boolean;
  /** Absolute path, or undefined for stdout. */
  file?: string;
  buffer: string[];
}

/** The reporters of one run, each with its destination, plus the progress line when no live reporter is on screen. */
export class ReportOutputs {
  private readonly outputs: Output[];
  /** The progress line, when no live reporter is on screen: fed as things happen. */
  private readonly extraHooks: ProgressHooks[] = [];
  /** Beside it in a log, the line of each capability as it ends: in the serial run's order. */
  private readonly orderedExtraHooks: ProgressHooks[] = [];

  /** `subjectFile`: the saver's module, for reporters that point at it (github). */
  constructor(targets: readonly ReporterTarget[], outputFile: string | undefined, private readonly io: CliIo, subjectFile?: string) {
    const palette = paletteFor(io.stdout, io.env);
    this.outputs = (targets.length > 0 ? targets : [{ name: "pretty" as const }]).map((target) => {
      const file = target.file ?? outputFile;
      const buffer: string[] = [];
      const write = file === undefined ? (text: string) => void io.stdout.write(text) : (text: string) => void buffer.push(text);
      const format = REPORTERS[target.name];
      const reporter = format.report({ write, palette: file === undefined ? palette : plainPalette, env: io.env, subjectFile });
      return { reporter, machine: format.machine, buffer, file: file === undefined ? undefined : resolve(io.cwd, file) };
    });
    const onScreen = this.outputs.filter((o) => o.file === undefined);
    const liveOnScreen = onScreen.some((o) => o.reporter.onTestResult !== undefined);
    if (!liveOnScreen) {
      const stream = this.humanStream();
      this.extraHooks.push(progressLine(stream, paletteFor(stream, io.env)));
      this.orderedExtraHooks.push(capabilityLines(stream, paletteFor(stream, io.env)));
    }
  }

  /** Where text for people goes while machine-readable reports may be on stdout: stdout, or stderr when one of them is. */
  humanStream(): ProgressStream {
    return this.outputs.some((o) => o.file === undefined && o.machine) ? this.io.stderr : this.io.stdout;
  }

  /** Every reporter's live hooks and the progress line, as one set of hooks for validate(). */
  hooks(): ProgressHooks {
    return fanOutHooks([...this.reporters(), ...this.orderedExtraHooks, ...this.extraHooks]);
  }

  /** The reporters' live hooks alone (a supervised run calls them in the serial run's order). */
  reporterHooks(): ProgressHooks {
    return fanOutHooks([...this.reporters(), ...this.orderedExtraHooks]);
  }

  /** The progress line's hooks alone (a supervised run calls them as things happen: each test as it ends). */
  liveHooks(): ProgressHooks {
    return fanOutHooks(this.extraHooks);
  }

  private reporters(): ProgressHooks[] {
    return this.outputs.map((o) => o.reporter);
  }

  /** Renders every report to its destination; when nothing went to the screen, a one-line summary does. */
  finish(report: ConformanceReport): void {
    const files = deliver(
      this.outputs.map((o) => {
        const text = o.reporter.render(report);
        return o.file === undefined ? { text } : { text: [...o.buffer, text].join(""), file: o.file };
      }),
      this.io,
    );
    if (this.outputs.every((o) => o.file !== undefined)) {
      this.io.stdout.write(`${report.subjectName}: ${report.verdict().resultLine}; reports written to ${files.join(", ")}\n`);
    }
  }
}
