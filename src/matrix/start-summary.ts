import { kindDescriptor } from "../kinds/descriptors.js";
import { buildGrid, namedDeviations, type MatrixGrid } from "../reporters/matrix/grid.js";
import { seconds } from "../reporters/matrix/render-terminal.js";
import type { MatrixResult } from "../reporters/matrix/types.js";
import type { ProductMatrixResult } from "./product.js";
import { productDifferences, productPassed, productTableLines } from "./render-product.js";
import { sectionBackends, startSections, type StartProgram, type StartSection } from "./start-lanes.js";
import type { MatrixVerdict } from "./verdict.js";

/** One section of npm start as it ended: its matrix and its verdict (the same rule as the exit code's). */
export interface StartSectionOutcome {
  section: StartSection;
  matrix: MatrixResult;
  verdict: MatrixVerdict;
}

export interface StartSummaryInput {
  sections: readonly StartSectionOutcome[];
  /** The product, when the graph scenarios ran. */
  product?: ProductMatrixResult;
  /** The PostgreSQL server the run started (or used), once for the whole run. */
  postgres?: MatrixResult["postgres"];
  /** How long the whole run took. */
  elapsedMs?: number;
  /** Where the details are (the flag that prints them, or that they follow). */
  details: string;
}

/** A line longer than this is wrapped: the summary fits a terminal. */
const WIDTH = 118;

/**
 * npm start's first screen: per kind, each backend with its verdict, level,
 * tests, sections and declared deviations counted; the product table; what
 * did not run; where the details are; and the closing line saying whether
 * every backend passed (`startClosingLine`). The legend once.
 */
export function renderStartSummary(input: StartSummaryInput): string {
  const counts = input.sections.map(({ section, matrix }) => plural(kindTitle(section), matrix.outcomes.length));
  const out = [`Conformance of the built-in backends: ${[...counts, ...(input.product ? ["their product"] : [])].join(", ")}`];
  for (const outcome of input.sections) out.push("", ...sectionLines(outcome));
  if (input.product) out.push("", ...productLines(input.product, input.sections));
  out.push(
    "",
    "✓ n: tests passed · ✗ p/t: passed of total · +n dev, deviations: declared deviations that occurred (not failures)",
    ...(input.product ? ["≠ in the product: a scenario that differs from memory × memory × memory; (dev): a declared deviation"] : []),
  );
  const ran = [
    input.postgres && `PostgreSQL: ${input.postgres.kind} server, ready in ${seconds(input.postgres.startMs)}`,
    input.elapsedMs !== undefined && `total ${seconds(input.elapsedMs)}`,
  ].filter(Boolean);
  if (ran.length > 0) out.push(`${ran.join("; ")}.`);
  out.push(`Details: ${input.details}`, "", startClosingLine(input));
  return `${out.flatMap(wrap).join("\n")}\n`;
}

/** The line npm start prints as it begins: what it checks, and that the summary comes once everything has run. */
export function startingLine(program: StartProgram): string {
  const kinds = startSections(program).map((section) => plural(kindTitle(section), sectionBackends(program, section).length));
  return `Checking ${[...kinds, ...(program.graph ? ["their product"] : [])].join(", ")}: the summary follows when all have run (about a minute).`;
}

/** One line: every backend passed (how many of each kind; what did not run), or which did not. */
export function startClosingLine(input: Pick<StartSummaryInput, "sections" | "product">): string {
  const failing = [
    ...input.sections.flatMap(({ section, matrix, verdict }) => [
      ...verdict.failing.map(({ id }) => `${kindTitle(section).toLowerCase()} ${id}`),
      ...(verdict.nothingRan && matrix.outcomes.length > 0 ? [`${kindTitle(section).toLowerCase()}s (none ran)`] : []),
    ]),
    ...(input.product && !productPassed(input.product)
      ? [`the product (${input.product.cases.filter((c) => c.status === "differ" || c.status === "error").length} cases)`]
      : []),
  ];
  if (failing.length > 0) return `✗ Not every backend passed: ${failing.join(", ")}.`;
  const ran = input.sections.map(({ section, matrix }) =>
    plural(kindTitle(section), matrix.outcomes.filter((o) => o.status === "ran").length),
  );
  const product = input.product ? [`their ${input.product.cases.length} product cases`] : [];
  // Named when few (the summary's tables say why), else counted: the closing line stays one line.
  const notRun = input.sections.flatMap(({ section, matrix }) =>
    matrix.outcomes.filter((o) => o.status !== "ran").map((o) => `${kindTitle(section).toLowerCase()} ${o.id}`),
  );
  const unrun =
    notRun.length === 0 ? "" : notRun.length <= 2 ? ` (not run: ${notRun.join(", ")})` : ` (${notRun.length} not run, named above)`;
  return `✓ Every backend passed: ${[...ran, ...product].join(", ")}${unrun}.`;
}

/** `3 checkpointers`, `1 cache`. */
function plural(kind: string, n: number): string {
  return `${n} ${kind.toLowerCase()}${n === 1 ? "" : "s"}`;
}

function kindTitle(section: StartSection): string {
  return kindDescriptor(section === "savers" ? "checkpointer" : section).title;
}

/** A kind's backends, one row each: ✓/✗/– and id, title, level, spec tests, each section's cell, declared deviations. */
function sectionLines({ section, matrix, verdict }: StartSectionOutcome): string[] {
  const grid = buildGrid(matrix);
  const failing = new Map(verdict.failing.map((f) => [f.id, f.why]));
  const deviations = new Map(namedDeviations(grid).map(({ id, rows }) => [id, rows.reduce((n, r) => n + r.names.length, 0)]));
  const header = [`${kindTitle(section)}s`, "", "level", "spec tests", ...grid.sectionRows.map((r) => r.label), "deviations"];
  const notes: string[] = [];
  const rows = grid.columns.map((column, i) => {
    const mark = failing.has(column.id) ? "✗" : column.status === "ran" ? "✓" : "–";
    if (column.status !== "ran") {
      notes.push(`    ${column.id} ${column.status === "skipped" ? "skipped" : "could not run"}: ${column.note ?? ""}`);
      return [`  ${mark} ${column.id}`, column.title, column.status === "skipped" ? "SKIPPED" : "ERROR"];
    }
    if (failing.has(column.id)) notes.push(`    ${column.id}: ${failing.get(column.id)}`);
    return [
      `  ${mark} ${column.id}`,
      column.title,
      column.level ?? "",
      specCell(grid, i),
      ...grid.sectionRows.map((r) => r.cells[i]?.text ?? "-"),
      String(deviations.get(column.id) ?? 0),
    ];
  });
  return [...table([header, ...rows]), ...notes];
}

/** All of a backend's spec tests in one cell: `✓ 171 +5 dev`, or `✗ 170/176`. */
function specCell(grid: MatrixGrid, i: number): string {
  const column = grid.columns[i];
  const dev = grid.rows.reduce((n, r) => n + (r.cells[i]?.deviations ?? 0), 0);
  const counts = column.failed > 0 ? `✗ ${column.passed}/${column.passed + column.failed}` : `✓ ${column.passed}`;
  return `${counts}${dev > 0 ? ` +${dev} dev` : ""}`;
}

/** The product's table, each difference once, and what did not run (a backend skipped in its kind's table too is named there). */
function productLines(product: ProductMatrixResult, sections: readonly StartSectionOutcome[]): string[] {
  const head = `Product (checkpointer × store × cache): ${product.cases.length} cases of ${product.scenarios.join(" ")}, each against memory × memory × memory`;
  const differences = productDifferences(product.cases).map((d) => `  ≠ ${d.headline}`);
  const notRun = new Set(
    sections.flatMap(({ matrix }) => matrix.outcomes.flatMap((o) => (o.status === "skipped" ? [`${o.id}\u0000${o.reason}`] : []))),
  );
  const skipped = product.skipped
    .filter((s) => !notRun.has(`${s.id}\u0000${s.reason}`))
    .map((s) => `    ${s.kind} ${s.id} not run: ${s.reason}`);
  return [head, ...productTableLines(product), ...differences, ...skipped];
}

/** Columns padded to their widest cell; a row may stop early (a backend that did not run). */
function table(rows: readonly string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]))
      .join("  ")
      .trimEnd(),
  );
}

/** A long line broken at spaces, its continuation indented under it. */
function wrap(line: string): string[] {
  const indent = `${/^ */.exec(line)![0]}    `;
  const out: string[] = [];
  let rest = line;
  while (rest.length > WIDTH) {
    const at = rest.lastIndexOf(" ", WIDTH);
    if (at <= indent.length) break;
    out.push(rest.slice(0, at));
    rest = `${indent}${rest.slice(at + 1)}`;
  }
  return [...out, rest];
}
