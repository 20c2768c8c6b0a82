import { buildGrid } from "./grid.js";

type CountedCell = { status: string; passed: number; failed: number; deviations: number };
import type { MatrixResult } from "./types.js";

/**
 * The matrix as plain JSON: per backend its status, level, time and the full
 * `toDict()` report (or why it did not run); the grid (capabilities, then the
 * graph and model sections when they ran); the disagreements; and each
 * backend's answers to the implementation-defined questions (behaviour profile).
 * @public
 */
export function matrixToJson(result: MatrixResult): unknown {
  const grid = buildGrid(result);
  const cellsByBackend = (cells: readonly (CountedCell | undefined)[]) =>
    Object.fromEntries(
      cells.map((cell, i) => [
        grid.columns[i].id,
        cell ? { status: cell.status, passed: cell.passed, failed: cell.failed, deviations: cell.deviations } : null,
      ]),
    );
  return {
    duration_ms: Math.round(result.durationMs),
    interrupted: result.interrupted
      ? {
          signal: result.interrupted.signal,
          during: result.interrupted.during
            ? {
                id: result.interrupted.during.id,
                tests_run: result.interrupted.during.testsRun,
                tests_failed: result.interrupted.during.testsFailed,
              }
            : null,
          not_run: result.interrupted.notRun,
        }
      : null,
    postgres: result.postgres ? { kind: result.postgres.kind, start_ms: Math.round(result.postgres.startMs) } : null,
    backends: result.outcomes.map((o) =>
      o.status === "ran"
        ? {
            id: o.id,
            title: o.title,
            status: o.status,
            duration_ms: Math.round(o.durationMs),
            level: o.report.conformanceLevel(),
            report: o.report.toDict(),
          }
        : o.status === "skipped"
          ? { id: o.id, title: o.title, status: o.status, reason: o.reason }
          : { id: o.id, title: o.title, status: o.status, error: o.error, duration_ms: Math.round(o.durationMs) },
    ),
    capabilities: grid.rows.map((r) => ({ capability: r.capability, disagree: r.disagree, cells: cellsByBackend(r.cells) })),
    sections: grid.sectionRows.map((r) => ({ section: r.key, disagree: r.disagree, cells: cellsByBackend(r.cells) })),
    disagreements: grid.disagreements,
    behaviours: grid.facts.map((f) => ({
      section: f.section,
      id: f.id,
      question: f.question,
      differ: f.differ,
      answers: Object.fromEntries(f.answers.map((a, i) => [grid.columns[i].id, a ?? null])),
    })),
  };
}

/** `matrixToJson` as indented text. @public */
export function renderMatrixJson(result: MatrixResult): string {
  return `${JSON.stringify(matrixToJson(result), null, 2)}\n`;
}
