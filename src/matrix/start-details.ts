import { kindDescriptor } from "../kinds/descriptors.js";
import type { CondensedReports } from "../report/types.js";
import { renderMatrixTerminal } from "../reporters/matrix/render-terminal.js";
import type { BackendOutcome } from "../reporters/matrix/types.js";
import { kindMatrixEnd } from "./kind-matrices.js";
import type { ProductMatrixResult } from "./product.js";
import { renderProductMatrix } from "./render-product.js";
import type { StartSectionOutcome } from "./start-summary.js";

/**
 * npm start's details (`npm start -- --details`), after the summary: per
 * kind, each backend's full report, then the kind's table by capability with
 * where the backends differ, their declared deviations and behaviour
 * profiles side by side; then the product in full. The reports are read one
 * after another, so what they share is printed once (`CondensedReports`):
 * each explanation, the scenarios that passed as one line, a behaviour
 * profile as a count (its answers are in the table). The server line is the
 * summary's.
 */
export function renderStartDetails(
  sections: readonly StartSectionOutcome[],
  product: ProductMatrixResult | undefined,
  options: { color?: boolean } = {},
): string {
  const condensed: CondensedReports = { explained: new Set() };
  const out: string[] = [];
  for (const { section, matrix, verdict } of sections) {
    const title = kindDescriptor(section === "savers" ? "checkpointer" : section).title;
    out.push(`\n=== ${title}s: each backend's report, then the table by capability ===\n`);
    for (const outcome of matrix.outcomes) out.push(`\n${outcome.title}\n`, outcomeText(outcome, condensed));
    const { postgres: _summarised, ...table } = matrix;
    if (section !== "savers") {
      out.push(kindMatrixEnd(section, table, options).text);
      continue;
    }
    out.push(
      `\n${title}s: ${renderMatrixTerminal(table, { color: options.color === true })}`,
      ...verdict.failing.map(({ id, why }) => `${id}: ${why}\n`),
    );
  }
  if (product) out.push(`\n=== The product: checkpointer × store × cache ===\n\n${renderProductMatrix(product)}`);
  return out.join("");
}

/** A backend's whole report, or why it did not run. */
function outcomeText(outcome: BackendOutcome, condensed: CondensedReports): string {
  if (outcome.status === "ran") return outcome.report.formatReport({ condensed });
  return `${outcome.status === "skipped" ? "skipped" : "could not run"}: ${outcome.status === "skipped" ? outcome.reason : outcome.error}\n`;
}
