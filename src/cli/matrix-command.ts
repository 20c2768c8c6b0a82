import { resolve } from "node:path";
import type { Backend } from "../backends/types.js";
import { registrationBackend } from "../matrix/registration-backend.js";
import { renderMatrixJson } from "../matrix/render-json.js";
import { renderMatrixMarkdown } from "../matrix/render-markdown.js";
import { renderMatrixTerminal, seconds, summary } from "../matrix/render-terminal.js";
import { renderMatrixHtml } from "../reporters/html/matrix-html.js";
import { buildGrid } from "../matrix/grid.js";
import { runMatrix } from "../matrix/run-matrix.js";
import { MatrixRunRecorder } from "../matrix/run-recorder.js";
import { exitOnInterrupt, parkIfInterrupted } from "../cleanup/index.js";
import type { BackendOutcome, MatrixResult } from "../matrix/types.js";
import type { RegisteredCheckpointer } from "../registration.js";
import { colorPalette, paletteFor } from "../reporters/palette.js";
import type { ValidateOptions } from "../engine/validate.js";
import { shardLabel, shardSlice } from "../engine/shard.js";
import { deliver } from "./deliver.js";
import type { ReporterTarget } from "./options.js";
import type { CliIo } from "./outputs.js";
import type { ProgressStream } from "./progress-line.js";
import { CliUsageError } from "./usage-error.js";

/** The formats of the matrix, by --reporter name: pretty is the terminal table (the only one with colours). */
const MATRIX_FORMATS: Record<"pretty" | "markdown" | "json" | "html", (result: MatrixResult, color: boolean) => string> = {
  pretty: (result, color) => renderMatrixTerminal(result, { color }),
  markdown: (result) => renderMatrixMarkdown(result),
  json: (result) => renderMatrixJson(result),
  html: (result) => renderMatrixHtml(result),
};
type MatrixFormat = keyof typeof MATRIX_FORMATS;

export interface MatrixCommand {
  backends: readonly Backend[];
  /** The user's module, shown as the first column. */
  registered?: RegisteredCheckpointer;
  reporters: readonly ReporterTarget[];
  output?: string;
  strict: boolean;
  validate: ValidateOptions;
}

/**
 * `--backends`: the full suite on every selected backend (and the user's
 * saver), as one table. The graph scenarios are on unless --no-graph. Exit 0
 * when every backend that ran passed the level asked for (skipped ones do not
 * count), 1 when one did not or could not start.
 */
export async function runMatrixCommand(command: MatrixCommand, io: CliIo): Promise<number> {
  const targets = matrixTargets(command.reporters, command.output, io.cwd);
  const all = command.registered ? [registrationBackend(command.registered, { taken: command.backends }), ...command.backends] : command.backends;
  // --shard splits the matrix by whole backends; each backend's own run is not split.
  const { shard, ...options } = command.validate;
  const columns = shardSlice(all, shard);
  if (columns.length === 0) {
    io.stdout.write(`Matrix: shard ${shardLabel(shard!)} has no backend to run (${all.length} backend${all.length === 1 ? "" : "s"} over ${shard!.count} shards); nothing to do\n`);
    return 0;
  }
  const validate: ValidateOptions = { ...options, graph: options.graph ?? true };
  // As for one saver: when a machine-readable format goes to stdout, the progress goes to stderr.
  const progress = targets.some((t) => t.format !== "pretty" && t.file === undefined) ? io.stderr : io.stdout;
  progress.write(`Matrix: ${columns.map((b) => b.id).join(", ")}${validate.graph === false ? "" : " (with the graph scenarios; --no-graph to leave them out)"}\n`);

  // Ctrl-C or SIGTERM: the backends that finished go to every target as a partial report marked interrupted; exit 130/143.
  const recorder = new MatrixRunRecorder(columns);
  const stopReporting = exitOnInterrupt((signal) => {
    if (progress.isTTY) progress.write("\n"); // after a live "running ..." line
    writeMatrix(recorder.interrupted(signal), targets, io);
  });
  let result: MatrixResult;
  try {
    result = await runMatrix(columns, recorder.watch({ validate, ...backendProgress(progress) }));
    await parkIfInterrupted();
  } finally {
    stopReporting();
  }
  writeMatrix(result, targets, io);

  const passed = result.outcomes.every((o) => o.status === "skipped" || (o.status === "ran" && o.report.verdict({ strict: command.strict }).passed));
  return passed ? 0 : 1;
}

/** Renders the matrix to every target; when none is the screen, one summary line is. */
function writeMatrix(result: MatrixResult, targets: readonly { format: MatrixFormat; file?: string }[], io: CliIo): void {
  const color = paletteFor(io.stdout, io.env) === colorPalette;
  const files = deliver(
    targets.map((t) => ({ text: MATRIX_FORMATS[t.format](result, color && t.file === undefined), file: t.file })),
    io,
  );
  if (targets.every((t) => t.file !== undefined)) {
    const state = result.interrupted ? ` (INTERRUPTED by ${result.interrupted.signal}: partial)` : "";
    io.stdout.write(`Matrix: ${summary(buildGrid(result).columns)}${state}; written to ${files.join(", ")}\n`);
  }
}

function matrixTargets(reporters: readonly ReporterTarget[], output: string | undefined, cwd: string): { format: MatrixFormat; file?: string }[] {
  const targets = reporters.length > 0 ? reporters : [{ name: "pretty" as const }];
  return targets.map(({ name, file }) => {
    if (!(name in MATRIX_FORMATS)) {
      throw new CliUsageError(`--reporter ${name} does not apply to --backends; the matrix is written as ${Object.keys(MATRIX_FORMATS).join(", ")} (e.g. --reporter markdown:matrix.md)`);
    }
    const target = file ?? output;
    return { format: name as MatrixFormat, file: target === undefined ? undefined : resolve(cwd, target) };
  });
}

/** One line per backend as it finishes; on a terminal, a "running" line first, replaced by the result. */
function backendProgress(stream: ProgressStream): { onBackendStart(backend: Backend): void; onBackendEnd(outcome: BackendOutcome): void } {
  const live = stream.isTTY === true;
  return {
    onBackendStart(backend) {
      if (live) stream.write(`  ${backend.id}: running ...`);
    },
    onBackendEnd(outcome) {
      const text =
        outcome.status === "ran"
          ? `${outcome.report.levelLabel()} (${seconds(outcome.durationMs)})`
          : outcome.status === "skipped"
            ? `skipped (${outcome.reason})`
            : `could not start (${outcome.error})`;
      stream.write(`${live ? "\r\x1b[K" : ""}  ${outcome.id}: ${text}\n`);
    },
  };
}
