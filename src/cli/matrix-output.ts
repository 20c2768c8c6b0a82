import { resolve } from "node:path";
import { buildGrid } from "../matrix/grid.js";
import { renderMatrixGithub, renderMatrixJunit } from "../matrix/render-ci.js";
import { renderMatrixJson } from "../matrix/render-json.js";
import { renderMatrixMarkdown } from "../matrix/render-markdown.js";
import { renderMatrixReportJson, type MatrixReportFile } from "../matrix/matrix-report-json.js";
import { renderMatrixTerminal, summary } from "../matrix/render-terminal.js";
import type { MatrixResult } from "../matrix/types.js";
import { shardLabel, type Shard } from "../runtime/shard.js";
import { renderMatrixHtml } from "../matrix/render-html.js";
import { colorPalette, paletteFor } from "../reporters/palette.js";
import { deliver } from "./deliver.js";
import type { ReporterTarget } from "./options.js";
import type { CliIo } from "./io.js";
import { matrixVerdict } from "../matrix/verdict.js";
import { CliUsageError } from "../util/usage-error.js";

interface RenderContext {
  color: boolean;
  env: NodeJS.ProcessEnv;
}

/**
 * The formats of a matrix (`--backends`, and `merge` of its shards), by
 * --reporter name: pretty is the terminal table (the only one with colours);
 * report-json is the lossless file that `merge` reads.
 */
const MATRIX_FORMATS = {
  pretty: (file: MatrixReportFile, context: RenderContext) => renderMatrixTerminal(file.result, { color: context.color }),
  markdown: (file: MatrixReportFile) => renderMatrixMarkdown(file.result),
  json: (file: MatrixReportFile) => renderMatrixJson(file.result),
  html: (file: MatrixReportFile) => renderMatrixHtml(file.result),
  junit: (file: MatrixReportFile) => renderMatrixJunit(file.result),
  github: (file: MatrixReportFile, context: RenderContext) => renderMatrixGithub(file.result, context.env),
  "report-json": (file: MatrixReportFile) => renderMatrixReportJson(file),
} satisfies Record<string, (file: MatrixReportFile, context: RenderContext) => string>;
type MatrixFormat = keyof typeof MATRIX_FORMATS;

export interface MatrixTarget {
  format: MatrixFormat;
  /** Absolute path, or undefined for stdout. */
  file?: string;
}

export function matrixTargets(reporters: readonly ReporterTarget[], output: string | undefined, cwd: string): MatrixTarget[] {
  const targets = reporters.length > 0 ? reporters : [{ name: "pretty" as const }];
  return targets.map(({ name, file }) => {
    if (!(name in MATRIX_FORMATS)) {
      throw new CliUsageError(`--reporter ${name} does not apply to a backend matrix; it is written as ${Object.keys(MATRIX_FORMATS).join(", ")} (e.g. --reporter markdown:matrix.md)`);
    }
    const target = file ?? output;
    return { format: name as MatrixFormat, file: target === undefined ? undefined : resolve(cwd, target) };
  });
}

/** Whether a format other than the terminal table goes to stdout (then text for people goes to stderr). */
export function machineOnStdout(targets: readonly MatrixTarget[]): boolean {
  return targets.some((t) => t.file === undefined && t.format !== "pretty");
}

/** Renders the matrix to every target; when none is the screen, one summary line is. */
export function writeMatrix(file: MatrixReportFile, targets: readonly MatrixTarget[], io: CliIo): void {
  const color = paletteFor(io.stdout, io.env) === colorPalette;
  const files = deliver(
    targets.map((t) => ({ text: MATRIX_FORMATS[t.format](file, { color: color && t.file === undefined, env: io.env }), file: t.file })),
    io,
  );
  if (targets.every((t) => t.file !== undefined)) {
    const state = file.result.interrupted ? ` (INTERRUPTED by ${file.result.interrupted.signal}: partial)` : "";
    io.stdout.write(`Matrix: ${summary(buildGrid(file.result).columns)}${state}; written to ${files.join(", ")}\n`);
  }
}

/**
 * The matrix's exit code from its verdict (`matrixVerdict`): 0 when it passed,
 * 1 when a backend failed, could not run, or the run was cut short, 2 when no
 * backend ran (nothing was checked; a shard's slice says so and exits 0: the
 * merged matrix gives the verdict).
 */
export function matrixExit(result: MatrixResult, strict: boolean, io: CliIo, shard?: Shard): number {
  const verdict = matrixVerdict(result, { strict });
  if (!result.interrupted && verdict.nothingRan) {
    const why = result.outcomes.map((o) => `${o.id}: ${o.status === "skipped" ? o.reason : ""}`).join("; ");
    if (shard) {
      io.stderr.write(`checkpoint-conformance: no backend of shard ${shardLabel(shard)} could run here (${why}); the merged matrix gives the verdict\n`);
      return 0;
    }
    io.stderr.write(`checkpoint-conformance: nothing was checked: no selected backend could run here (${why})\n`);
    return 2;
  }
  return verdict.passed ? 0 : 1;
}
