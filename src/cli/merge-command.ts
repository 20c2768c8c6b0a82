import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { mergeReports } from "../merge/merge-reports.js";
import { reportFromJSON } from "../report-json.js";
import type { ConformanceReport } from "../report.js";
import { CLI_OPTIONS } from "./options.js";
import { checkOutputPaths } from "./output-paths.js";
import { ReportOutputs, type CliIo } from "./outputs.js";
import { CliUsageError } from "./usage-error.js";
import { verdictExit } from "./verdict-exit.js";

export const MERGE_USAGE = "checkpoint-conformance merge <shard-report.json>... [--reporter NAME[:FILE]]... [--output FILE] [--strict]";

/**
 * `checkpoint-conformance merge FILES`: the report-json reports of every shard
 * (`--shard i/n --reporter report-json:FILE`) as one report, rendered by any
 * reporter, with the exit code of the unsharded run.
 */
export async function runMergeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { files, reporters, output, strict } = parseMergeArgs(argv);
  checkOutputPaths(reporters, output, io.cwd);
  const report = mergeReports(files.map((file) => readReport(file, io.cwd)));
  const outputs = new ReportOutputs(reporters, output, io);
  outputs.finish(report);
  return verdictExit(report, strict, io);
}

function parseMergeArgs(argv: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { reporter: { type: "string", multiple: true }, output: { type: "string" }, strict: { type: "boolean" } },
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
    strict: parsed.values.strict ?? false,
  };
}

function readReport(file: string, cwd: string): ConformanceReport {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), "utf8");
  } catch (error) {
    throw new CliUsageError(`merge: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return reportFromJSON(JSON.parse(text));
  } catch {
    throw new CliUsageError(`merge: ${file} is not a shard's report; write one with --shard i/n --reporter report-json:${file}`);
  }
}
