import { resolve } from "node:path";
import { fanOutHooks, guardHooks, hookFailureText, type HookFailure, type ProgressHooks } from "../run/progress.js";
import { errorText } from "../util/describe-value.js";
import type { ConformanceReport } from "../report/conformance-report.js";
import { paletteFor, plainPalette, REPORTERS, type Reporter } from "../reporters/index.js";
import { deliver } from "./deliver.js";
import type { ReporterTarget } from "./options.js";
import { capabilityLines, progressLine, type ProgressStream } from "./progress-line.js";
import type { CliIo } from "./io.js";

interface Output {
  /** The format's name, as --reporter takes it. */
  name: string;
  reporter: Reporter;
  /** Machine-readable (the format's `machine`): text for people then goes to stderr. */
  machine: boolean;
  /** Absolute path, or undefined for stdout. */
  file?: string;
  buffer: string[];
}

/**
 * An error of the CLI's own reporters, progress line or output (a live hook
 * that threw, a render that threw, a report that could not be written): the
 * tool's, never the saver's; the CLI exits 2 with its message.
 */
export class ReportOutputError extends Error {
  override readonly name = "ReportOutputError";
}

/** The reporters of one run, each with its destination, plus the progress line when no live reporter is on screen. */
export class ReportOutputs {
  private readonly outputs: Output[];
  /** What went wrong in our own hooks, renders and writes, told once the reports are out. */
  private readonly failures: string[] = [];
  /** Each reporter's live hooks, guarded on its own: one that throws stops, the others and the run go on (see guardHooks). */
  private readonly reporterSets: ProgressHooks[];
  /** The progress line, when no live reporter is on screen: fed as things happen. */
  private readonly extraHooks: ProgressHooks[] = [];
  /** Beside it in a log, the line of each capability as it ends: in the serial run's order. */
  private readonly orderedExtraHooks: ProgressHooks[] = [];

  /** `subjectFile`: the saver's module, for reporters that point at it (github). */
  constructor(
    targets: readonly ReporterTarget[],
    outputFile: string | undefined,
    private readonly io: CliIo,
    subjectFile?: string,
  ) {
    const palette = paletteFor(io.stdout, io.env);
    this.outputs = (targets.length > 0 ? targets : [{ name: "pretty" as const }]).map((target) => {
      const file = target.file ?? outputFile;
      const buffer: string[] = [];
      const write = file === undefined ? (text: string) => void io.stdout.write(text) : (text: string) => void buffer.push(text);
      const format = REPORTERS[target.name];
      const reporter = format.report({ write, palette: file === undefined ? palette : plainPalette, env: io.env, subjectFile });
      return { name: target.name, reporter, machine: format.machine, buffer, file: file === undefined ? undefined : resolve(io.cwd, file) };
    });
    this.reporterSets = this.outputs.map((o) => this.guarded(o.reporter, `the ${o.name} reporter`));
    const onScreen = this.outputs.filter((o) => o.file === undefined);
    const liveOnScreen = onScreen.some((o) => o.reporter.onTestResult !== undefined);
    if (!liveOnScreen) {
      const stream = this.humanStream();
      this.extraHooks.push(this.guarded(progressLine(stream, paletteFor(stream, io.env)), "the progress line"));
      this.orderedExtraHooks.push(this.guarded(capabilityLines(stream, paletteFor(stream, io.env)), "the capability lines"));
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
    return this.reporterSets;
  }

  /** `hooks` guarded: a throw (or a rejected promise) is recorded as our failure, told by finish(), and the set is not called again. */
  private guarded(hooks: ProgressHooks, owner: string): ProgressHooks {
    return guardHooks(hooks, owner, (failure: HookFailure) => this.failures.push(hookFailureText(failure)));
  }

  /**
   * Renders every report to its destination; when nothing went to the screen,
   * a one-line summary does. Throws ReportOutputError, once every report that
   * could be written was, when a reporter's hook or render threw or a report
   * could not be written.
   */
  finish(report: ConformanceReport): void {
    const rendered = this.outputs.flatMap((o) => {
      try {
        const text = o.reporter.render(report);
        return [o.file === undefined ? { text } : { text: [...o.buffer, text].join(""), file: o.file }];
      } catch (error) {
        this.failures.push(`the ${o.name} reporter: rendering the report threw: ${errorText(error)}`);
        return [];
      }
    });
    try {
      const files = deliver(rendered, this.io);
      if (this.outputs.every((o) => o.file !== undefined)) {
        this.io.stdout.write(`${report.subjectName}: ${report.verdict().resultLine}; reports written to ${files.join(", ")}\n`);
      }
    } catch (error) {
      this.failures.push(`writing the reports failed: ${errorText(error)}`);
    }
    if (this.failures.length > 0) throw new ReportOutputError(this.failures.join("; "));
  }
}
