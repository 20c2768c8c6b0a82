import { buildGrid } from "./grid.js";
import { ANSWERS_DIFFER_MARK, columnPlaceholder, seconds, summary, verdictSummary } from "./render-terminal.js";
import { interruptionHeadline, interruptionLines } from "./render-interruption.js";
import type { MatrixResult } from "./types.js";

/**
 * The matrix as Markdown: the same table as the terminal (disagreeing rows in
 * bold with `≠`), the tests that differ, and why any backend did not run.
 * @public
 */
export function renderMatrixMarkdown(result: MatrixResult): string {
  const grid = buildGrid(result);
  const row = (cells: string[]) => `| ${cells.map(escapeCell).join(" | ")} |`;
  const out = [
    "# Conformance matrix",
    "",
    ...(result.interrupted
      ? [`**${interruptionHeadline(result.interrupted)}.** ${interruptionLines(result.interrupted).join(" ")}`, ""]
      : []),
    `${summary(grid.columns)}. ${legend(grid.sectionRows.length > 0)}`,
    "",
    row(["capability", ...grid.columns.map((c) => `${c.id}`)]),
    row(["---", ...grid.columns.map(() => "---")]),
  ];
  for (const r of grid.rows) {
    const label = r.differs ? `**≠ ${r.capability}**` : r.capability;
    out.push(row([label, ...r.cells.map((cell, i) => cell?.text ?? columnPlaceholder(grid.columns[i]))]));
  }
  for (const r of grid.sectionRows) {
    const label = r.differs
      ? `**≠ ${r.label}**`
      : r.disagree && grid.facts.some((f) => f.differ && f.section === r.label)
        ? `*${ANSWERS_DIFFER_MARK} ${r.label}*`
        : `*${r.label}*`;
    out.push(row([label, ...r.cells.map((cell, i) => cell?.text ?? columnPlaceholder(grid.columns[i]))]));
  }
  out.push(
    row(["**level**", ...grid.columns.map((c) => c.level ?? c.status)]),
    row(["passed/failed", ...grid.columns.map((c) => (c.status === "ran" ? `${c.passed}/${c.failed}` : "-"))]),
    row(["time", ...grid.columns.map((c) => (c.durationMs === undefined ? "-" : seconds(c.durationMs)))]),
    "",
    `Backends: ${grid.columns.map((c) => `\`${c.id}\` = ${c.title}`).join(", ")}.`,
  );
  if (grid.disagreements.length > 0) {
    out.push("", "## Where the backends disagree", "", row(["row", "test", "verdicts"]), row(["---", "---", "---"]));
    for (const d of grid.disagreements) out.push(row([d.row, `\`${d.test}\``, verdictSummary(d)]));
  }
  if (grid.facts.length > 0) {
    out.push(
      "",
      "## Behaviour profile",
      "",
      `Implementation-defined questions: each backend's answer, never pass/fail; ${ANSWERS_DIFFER_MARK} where they differ.`,
      "",
    );
    out.push(row(["id", "question", ...grid.columns.map((c) => c.id)]), row(["---", "---", ...grid.columns.map(() => "---")]));
    for (const f of grid.facts)
      out.push(row([f.differ ? `**${ANSWERS_DIFFER_MARK} ${f.id}**` : f.id, f.question, ...f.answers.map((a) => a ?? "-")]));
  }
  const notRun = grid.columns.filter((c) => c.note !== undefined);
  if (notRun.length > 0) {
    out.push("", "## Not run", "", ...notRun.map((c) => `- \`${c.id}\` (${c.status}): ${c.note}`));
  }
  if (result.postgres) out.push("", `PostgreSQL: ${result.postgres.kind} server, ready in ${seconds(result.postgres.startMs)}.`);
  return `${out.join("\n")}\n`;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function legend(withSections: boolean): string {
  const sections = withSections ? " Graph scenarios count cases (each compared with MemorySaver); model counts random sequences." : "";
  return `Cells: ✓ passed tests, ✗ passed/total, "+n dev" declared deviations that occurred; ≠ marks rows where a required result differs (advisory tests and behaviour answers never do).${sections}`;
}
