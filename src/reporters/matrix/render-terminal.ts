import {
  buildGrid,
  isRequiredDisagreement,
  namedDeviations,
  skippedSections,
  type Disagreement,
  type MatrixColumn,
  type MatrixGrid,
} from "./grid.js";
import { interruptionHeadline, interruptionLines } from "./render-interruption.js";
import type { MatrixResult } from "./types.js";

/** @public */
export interface TerminalMatrixOptions {
  /** ANSI colours (failures red, disagreeing rows yellow). Default: whether stdout is a TTY. */
  color?: boolean;
}

const DISAGREE_MARK = "≠";
/** A behaviour profile's question the backends answer differently: implementation-defined, never a result. */
export const ANSWERS_DIFFER_MARK = "Δ";

/**
 * The matrix as a terminal table: capabilities down, backends across, pass/fail
 * counts per cell; then a row per report section that ran (graph scenarios:
 * cases; model: sequences); then level, counts and time per backend. Rows where a
 * required result differs are marked `≠` (and yellow), followed by the tests that
 * differ; advisory tests that differ are listed apart (they never fail a backend),
 * and a behaviour profile answered differently is marked `Δ` (answers, not results).
 * @public
 */
export function renderMatrixTerminal(result: MatrixResult, options: TerminalMatrixOptions = {}): string {
  const color = options.color ?? Boolean(process.stdout.isTTY);
  const paint = (code: number, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const grid = buildGrid(result);
  const header = ["capability", ...grid.columns.map((c) => c.id)];
  const toLine = (label: string, row: { cells: ({ text: string } | undefined)[]; disagree: boolean; differs: boolean }) => ({
    cells: [label, ...row.cells.map((cell, i) => cell?.text ?? columnPlaceholder(grid.columns[i]))],
    mark: row.differs ? DISAGREE_MARK : row.disagree && grid.facts.some((f) => f.differ && f.section === label) ? ANSWERS_DIFFER_MARK : " ",
  });
  const body = grid.rows.map((row) => toLine(row.capability, row));
  const sectionBody = grid.sectionRows.map((row) => toLine(row.label, row));
  const footer = [
    ["level", ...grid.columns.map((c) => c.level ?? c.status.toUpperCase())],
    ["passed/failed", ...grid.columns.map((c) => (c.status === "ran" ? `${c.passed}/${c.failed}` : "-"))],
    ["time", ...grid.columns.map((c) => (c.durationMs === undefined ? "-" : seconds(c.durationMs)))],
  ];
  const widths = header.map((_, i) =>
    Math.max(...[header, ...body.map((r) => r.cells), ...sectionBody.map((r) => r.cells), ...footer].map((cells) => cells[i].length)),
  );
  const line = (cells: string[], mark = " ") => `${mark} ${cells.map((cell, i) => cell.padEnd(widths[i])).join("  ")}`.trimEnd();

  const out: string[] = [`Conformance matrix: ${summary(grid.columns)}`, "", line(header)];
  if (result.interrupted) out.unshift(paint(33, interruptionHeadline(result.interrupted)));
  const rule = `  ${widths.map((w) => "-".repeat(w)).join("  ")}`;
  const pushRows = (rows: typeof body) => {
    for (const row of rows) {
      const text = line(row.cells, row.mark);
      out.push(row.mark === DISAGREE_MARK ? paint(33, text) : colourFailures(text, paint));
    }
  };
  out.push(rule);
  pushRows(body);
  if (sectionBody.length > 0) out.push(rule);
  pushRows(sectionBody);
  out.push(rule);
  for (const cells of footer) out.push(line(cells));
  out.push(...disagreementLines(grid.disagreements), ...deviationLines(grid), ...factLines(grid), ...noteLines(grid));
  if (result.postgres) out.push("", `PostgreSQL: ${result.postgres.kind} server, ready in ${seconds(result.postgres.startMs)}`);
  if (result.interrupted) out.push("", ...interruptionLines(result.interrupted).map((text) => paint(33, text)));
  out.push(`Total: ${seconds(result.durationMs)}`);
  return `${out.join("\n")}\n`;
}

function colourFailures(text: string, paint: (code: number, text: string) => string): string {
  return text.replace(/✗ \S+/g, (m) => paint(31, m));
}

export function columnPlaceholder(column: MatrixColumn): string {
  return column.status === "skipped" ? "skipped" : column.status === "error" ? "error" : "-";
}

export function summary(columns: readonly MatrixColumn[]): string {
  const ran = columns.filter((c) => c.status === "ran").length;
  const skipped = columns.filter((c) => c.status === "skipped").length;
  const errored = columns.filter((c) => c.status === "error").length;
  return [`${ran} backend${ran === 1 ? "" : "s"} ran`, skipped && `${skipped} skipped`, errored && `${errored} could not start`]
    .filter(Boolean)
    .join(", ");
}

/** "pass: memory; deviation: sqlite, postgres" */
export function verdictSummary(d: Disagreement): string {
  const groups = new Map<string, string[]>();
  for (const [backend, verdict] of Object.entries(d.verdicts)) groups.set(verdict, [...(groups.get(verdict) ?? []), backend]);
  return [...groups].map(([verdict, ids]) => `${verdict}: ${ids.join(", ")}`).join("; ");
}

/** The tests whose required results differ (the `≠` rows), then the advisory tests that differ (never a failure). */
function disagreementLines(disagreements: readonly Disagreement[]): string[] {
  if (disagreements.length === 0) return ["", "All backends that ran agree on every test."];
  const required = disagreements.filter(isRequiredDisagreement);
  const advisory = disagreements.filter((d) => !isRequiredDisagreement(d));
  const tests = (n: number) => `${n} test${n === 1 ? "" : "s"}`;
  const list = (found: readonly Disagreement[]) => found.map((d) => `  ${d.row} ${d.test}: ${verdictSummary(d)}`);
  return [
    "",
    ...(required.length > 0
      ? [`${DISAGREE_MARK} The backends disagree on ${tests(required.length)}:`, ...list(required)]
      : ["The backends agree on every required test."]),
    ...(advisory.length > 0
      ? [
          `${advisory.length} advisory ${advisory.length === 1 ? "test differs" : "tests differ"} (reported, never a failure):`,
          ...list(advisory),
        ]
      : []),
  ];
}

/** What each "+n dev" stands for: declared deviations, reported and not counted as failures. */
function deviationLines(grid: MatrixGrid): string[] {
  const named = namedDeviations(grid);
  if (named.length === 0) return [];
  return [
    "",
    'Known deviations (declared; the "+n dev" in the cells, not failures):',
    ...named.flatMap(({ id, rows }) => rows.map(({ row, names }) => `  ${id} ${row}: ${names.join(", ")}`)),
  ];
}

/** The behaviour profiles side by side: a question all backends answer alike on one line, one that differs with each backend's answer. */
function factLines(grid: MatrixGrid): string[] {
  if (grid.facts.length === 0) return [];
  const differing = grid.facts.filter((f) => f.differ).length;
  const compared =
    grid.columns.filter((c) => c.status === "ran").length > 1
      ? `; ${differing > 0 ? `${ANSWERS_DIFFER_MARK} ${differing} answered differently` : "every one answered alike"}`
      : "";
  const out = ["", `Behaviour profile (implementation-defined: answers, never pass/fail${compared}):`];
  for (const fact of grid.facts) {
    const answered = fact.answers.flatMap((answer, i) => (answer === undefined ? [] : [{ id: grid.columns[i].id, answer }]));
    if (!fact.differ) {
      out.push(`  ${fact.id} ${fact.question} → ${answered[0]?.answer ?? "-"}${answered.length > 1 ? " (all)" : ""}`);
      continue;
    }
    out.push(`${ANSWERS_DIFFER_MARK} ${fact.id} ${fact.question}`, ...answered.map(({ id, answer }) => `    ${id}: ${answer}`));
  }
  return out;
}

function noteLines(grid: MatrixGrid): string[] {
  const noted = grid.columns.filter((c) => c.note !== undefined);
  const sections = skippedSections(grid);
  if (noted.length === 0 && sections.length === 0) return [];
  return [
    "",
    "Not run:",
    ...noted.map((c) => `  ${c.id} (${c.status}): ${c.note}`),
    ...sections.map((s) => `  ${s.id} ${s.row}: ${s.reason}`),
  ];
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
