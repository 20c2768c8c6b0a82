import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { isMatrixReportJSON, matrixReportFromJSON } from "../reporters/matrix/matrix-report-json.js";
import { mergeMatrixReports } from "../merge/merge-matrix.js";
import { mergeReports } from "../merge/merge-reports.js";
import { reportFromJSON } from "../sections/report-json.js";
import type { ConformanceReport } from "../report/conformance-report.js";
import type { ReportJSON } from "../report/json.js";
import { matrixExit, matrixTargets, writeMatrix } from "./matrix-output.js";
import { CLI_OPTIONS, type ReporterTarget } from "./options.js";
import { checkOutputPaths } from "./output-paths.js";
import type { CliIo } from "./io.js";
import { ReportOutputs } from "./outputs.js";
import { CliUsageError } from "../util/usage-error.js";
import { baseOnlyOf, verdictExit } from "./verdict-exit.js";

export const MERGE_USAGE = "checkpoint-conformance merge <shard-report.json>... [--reporter NAME[:FILE]]... [--output FILE] [--base-only]";

/**
 * `checkpoint-conformance merge FILES`: the report-json reports of every shard
 * (`--shard i/n --reporter report-json:FILE`) as one report, rendered by any
 * reporter, with the exit code of the unsharded run. The shards of a
 * `--backends` run merge into one matrix.
 */
export async function runMergeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { files, reporters, output, baseOnly } = parseMergeArgs(argv);
  checkOutputPaths(reporters, output, io.cwd);
  const values = files.map((file) => readJson(file, io.cwd));
  const matrices = values.filter(isMatrixReportJSON).length;
  if (matrices > 0 && matrices < values.length) {
    throw new CliUsageError("merge: the files mix matrix reports (--backends) and single-saver reports; merge the shards of one run");
  }
  if (matrices > 0) return mergeMatrixShards(values, files, { reporters, output, baseOnly }, io);
  const report = mergeReports(values.map((value, i) => toReport(value, files[i])));
  const outputs = new ReportOutputs(reporters, output, io, subjectFileOf(values));
  outputs.finish(report);
  return verdictExit(report, baseOnly, io);
}

function parseMergeArgs(argv: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        reporter: { type: "string", multiple: true },
        output: { type: "string" },
        strict: { type: "boolean" },
        "base-only": { type: "boolean" },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new CliUsageError(`merge: ${(error instanceof Error ? error.message : String(error)).split("\n", 1)[0]}; usage: ${MERGE_USAGE}`);
  }
  if (parsed.positionals.length === 0) throw new CliUsageError(`merge: no report given; usage: ${MERGE_USAGE}`);
  return {
    files: parsed.positionals,
    reporters: CLI_OPTIONS.reporter.parse(parsed.values.reporter),
    output: parsed.values.output,
    baseOnly: baseOnlyOf(parsed.values),
  };
}

/** The shards of a `--backends` run: one matrix, written by the matrix formats, with the unsharded run's exit code. */
function mergeMatrixShards(
  values: readonly unknown[],
  files: readonly string[],
  args: { reporters: ReporterTarget[]; output?: string; baseOnly: boolean },
  io: CliIo,
): number {
  const targets = matrixTargets(args.reporters, args.output, io.cwd);
  const shards = values.map((value, i) => {
    try {
      return matrixReportFromJSON(value);
    } catch {
      throw notAShardReport(files[i]);
    }
  });
  const result = mergeMatrixReports(shards, files);
  writeMatrix({ result, run: shards[0].run, backends: shards[0].backends }, targets, io);
  return matrixExit(result, args.baseOnly, io);
}

function readJson(file: string, cwd: string): unknown {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), "utf8");
  } catch (error) {
    throw new CliUsageError(`merge: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw notAShardReport(file);
  }
}

function toReport(value: unknown, file: string): ConformanceReport {
  try {
    return reportFromJSON(value);
  } catch {
    throw notAShardReport(file);
  }
}

/** The saver's module the shards' report-json files name (the github reporter's annotations point at it). */
function subjectFileOf(values: readonly unknown[]): string | undefined {
  for (const value of values) {
    const file = (value as Partial<ReportJSON>).subjectFile;
    if (typeof file === "string") return file;
  }
  return undefined;
}

function notAShardReport(file: string): CliUsageError {
  return new CliUsageError(`merge: ${file} is not a shard's report; write one with --shard i/n --reporter report-json:${file}`);
}
