import { resolve } from "node:path";
import { buildGrid } from "../reporters/matrix/grid.js";
import type { MatrixReportFile } from "../reporters/matrix/matrix-report-json.js";
import { summary } from "../reporters/matrix/render-terminal.js";
import type { MatrixResult } from "../reporters/matrix/types.js";
import { shardLabel, type Shard } from "../runtime/shard.js";
import { colorPalette, paletteFor } from "../reporters/palette.js";
import { MATRIX_REPORTER_NAMES, REPORTERS, type MatrixRenderer, type ReporterName } from "../reporters/index.js";
import { deliver } from "./deliver.js";
import type { ReporterTarget } from "./options.js";
import type { CliIo } from "./io.js";
import { matrixVerdict } from "../matrix/verdict.js";
import { CliUsageError } from "../util/usage-error.js";

export interface MatrixTarget {
  format: ReporterName;
  render: MatrixRenderer;
  /** Absolute path, or undefined for stdout. */
  file?: string;
}

/** Each --reporter with its matrix renderer (`REPORTERS`); a format without one is a usage error that says why. */
export function matrixTargets(reporters: readonly ReporterTarget[], output: string | undefined, cwd: string): MatrixTarget[] {
  const targets = reporters.length > 0 ? reporters : [{ name: "pretty" as const }];
  return targets.map(({ name, file }) => {
    const { matrix } = REPORTERS[name];
    if ("unsupported" in matrix) {
      throw new CliUsageError(
        `--reporter ${name} does not apply to a backend matrix (it ${matrix.unsupported}); it is written as ${MATRIX_REPORTER_NAMES.join(", ")} (e.g. --reporter markdown:matrix.md)`,
      );
    }
    const target = file ?? output;
    return { format: name, render: matrix, file: target === undefined ? undefined : resolve(cwd, target) };
  });
}

/** Whether a machine-readable format goes to stdout (then text for people goes to stderr). */
export function machineOnStdout(targets: readonly MatrixTarget[]): boolean {
  return targets.some((t) => t.file === undefined && REPORTERS[t.format].machine);
}

/** Renders the matrix to every target; when none is the screen, one summary line is. */
export function writeMatrix(file: MatrixReportFile, targets: readonly MatrixTarget[], io: CliIo): void {
  const color = paletteFor(io.stdout, io.env) === colorPalette;
  const files = deliver(
    targets.map((t) => ({ text: t.render(file, { color: color && t.file === undefined, env: io.env }), file: t.file })),
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
export function matrixExit(result: MatrixResult, baseOnly: boolean, io: CliIo, shard?: Shard): number {
  const verdict = matrixVerdict(result, { baseOnly });
  if (!result.interrupted && verdict.nothingRan) {
    const why = result.outcomes.map((o) => `${o.id}: ${o.status === "skipped" ? o.reason : ""}`).join("; ");
    if (shard) {
      io.stderr.write(
        `checkpoint-conformance: no backend of shard ${shardLabel(shard)} could run here (${why}); the merged matrix gives the verdict\n`,
      );
      return 0;
    }
    io.stderr.write(`checkpoint-conformance: nothing was checked: no selected backend could run here (${why})\n`);
    return 2;
  }
  return verdict.passed ? 0 : 1;
}
