import type { Backend, MatrixBackend } from "../backends/types.js";
import { runKindMatrices, type KindMatrix } from "../matrix/kind-matrices.js";
import { registrationBackend } from "../matrix/registration-backend.js";
import type { MatrixReportFile } from "../reporters/matrix/matrix-report-json.js";
import { seconds } from "../reporters/matrix/render-terminal.js";
import { runIdentity } from "../engine/run-identity.js";
import { runMatrix } from "../matrix/run-matrix.js";
import { MatrixRunRecorder } from "../matrix/run-recorder.js";
import { exitOnInterrupt, parkIfInterrupted } from "../cleanup/index.js";
import type { BackendOutcome, MatrixResult } from "../reporters/matrix/types.js";
import type { RegisteredCheckpointer } from "../registration.js";
import type { ValidateOptions } from "../engine/validate.js";
import { shardLabel, shardSlice } from "../runtime/shard.js";
import { graphUnavailableReason } from "./graph-package.js";
import { machineOnStdout, matrixExit, matrixTargets, writeMatrix } from "./matrix-output.js";
import type { ReporterTarget } from "./options.js";
import type { CliIo } from "./io.js";
import { SUITE_VERSION } from "../engine/version.js";
import type { ProgressStream } from "./progress-line.js";

export interface MatrixCommand {
  backends: readonly Backend[];
  /** The built-in stores and caches asked for (`all`, `store:<id>`, `cache:<id>`): one matrix per kind, after the savers'. */
  storesAndCaches?: readonly KindMatrix[];
  /** The user's module, shown as the first column. */
  registered?: RegisteredCheckpointer;
  reporters: readonly ReporterTarget[];
  output?: string;
  /** Judge each backend on its base capabilities only (`--base-only`). */
  baseOnly: boolean;
  validate: ValidateOptions;
}

/**
 * `--backends`: the full suite on every selected backend (and the user's
 * saver), as one table. The graph scenarios are on unless --no-graph. The exit
 * code is the matrix verdict's (src/matrix/verdict.ts): 0 passed, 1 failed, 2
 * when no backend could run.
 */
export async function runMatrixCommand(command: MatrixCommand, io: CliIo): Promise<number> {
  const targets = matrixTargets(command.reporters, command.output, io.cwd);
  const all = command.registered
    ? [registrationBackend(command.registered, { taken: command.backends }), ...command.backends]
    : command.backends;
  // --shard splits the matrix by whole backends; each backend's own run is not split.
  const { shard, ...options } = command.validate;
  // On by default; without @langchain/langgraph they are left out, and the first line says why (asked for, that is exit 2).
  const graphMissing = options.graph === undefined ? await graphUnavailableReason() : undefined;
  const validate: ValidateOptions = { ...options, graph: options.graph ?? graphMissing === undefined };
  const columns = shardSlice(all, shard);
  // Not split by --shard: they run whole in shard 1.
  const kinds = shard === undefined || shard.index === 1 ? (command.storesAndCaches ?? []) : [];
  // What merge needs to put the shards' matrices together: the run's identity, the whole run's backends, the shard.
  const file = (result: MatrixResult): MatrixReportFile => ({
    result,
    run: runIdentity(SUITE_VERSION, validate),
    backends: all,
    ...(shard ? { shard } : {}),
  });
  if (columns.length === 0 && kinds.length > 0)
    return runStoreAndCacheMatrices(kinds, validate, command.baseOnly, machineOnStdout(targets) ? io.stderr : io.stdout, io);
  if (columns.length === 0) {
    // Only the merge reads an empty shard's report: the other formats would show an empty table.
    writeMatrix(
      file({ outcomes: [], durationMs: 0 }),
      targets.filter((t) => t.format === "report-json"),
      io,
    );
    (machineOnStdout(targets) ? io.stderr : io.stdout).write(
      `Matrix: shard ${shardLabel(shard!)} has no backend to run (${all.length} backend${all.length === 1 ? "" : "s"} over ${shard!.count} shards); nothing to do\n`,
    );
    return 0;
  }
  // As for one saver: when a machine-readable format goes to stdout, the progress goes to stderr.
  const progress = machineOnStdout(targets) ? io.stderr : io.stdout;
  const graphNote =
    graphMissing !== undefined
      ? ` (without the graph scenarios: ${graphMissing})`
      : validate.graph === false
        ? ""
        : " (with the graph scenarios; --no-graph to leave them out)";
  progress.write(`Matrix: ${columns.map((b) => b.id).join(", ")}${graphNote}\n`);

  // Ctrl-C or SIGTERM: the backends that finished go to every target as a partial report marked interrupted; exit 130/143.
  const recorder = new MatrixRunRecorder(columns);
  const stopReporting = exitOnInterrupt((signal) => {
    if (progress.isTTY) progress.write("\n"); // after a live "running ..." line
    writeMatrix(file(recorder.interrupted(signal)), targets, io);
  });
  let result: MatrixResult;
  try {
    result = await runMatrix(columns, recorder.watch({ validate, ...backendProgress(progress) }));
    await parkIfInterrupted();
  } finally {
    stopReporting();
  }
  writeMatrix(file(result), targets, io);
  const exit = matrixExit(result, command.baseOnly, io, shard);
  if (kinds.length === 0) return exit;
  const others = await runStoreAndCacheMatrices(kinds, validate, command.baseOnly, progress, io);
  return Math.max(exit, others);
}

/**
 * The store and cache matrices on the terminal stream (the report files and
 * machine formats hold the savers' matrix).
 */
async function runStoreAndCacheMatrices(
  kinds: readonly KindMatrix[],
  validate: ValidateOptions,
  baseOnly: boolean,
  stream: ProgressStream,
  io: CliIo,
): Promise<number> {
  const exit = await runKindMatrices(kinds, {
    validate,
    baseOnly,
    write: (text) => stream.write(text),
    color: stream.isTTY === true,
    ...backendProgress(stream),
  });
  if (exit === 2) io.stderr.write("checkpoint-conformance: a store or cache matrix checked nothing: no selected backend could run here\n");
  return exit;
}

/** One line per backend as it finishes; on a terminal, a "running" line first, replaced by the result. */
function backendProgress(stream: ProgressStream): {
  onBackendStart(backend: MatrixBackend): void;
  onBackendEnd(outcome: BackendOutcome): void;
} {
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
