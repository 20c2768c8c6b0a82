import { parkIfInterrupted } from "../cleanup/index.js";
import type { MatrixResult } from "../reporters/matrix/types.js";
import type { ProductMatrixResult } from "./product.js";
import { productPassed } from "./render-product.js";
import { sectionBackends, startSections, type StartProgram, type StartSection } from "./start-lanes.js";
import { renderStartDetails } from "./start-details.js";
import type { StartResults } from "./start-results.js";
import { renderStartSummary, startClosingLine, type StartSectionOutcome } from "./start-summary.js";
import { matrixVerdict } from "./verdict.js";

export interface StartReportOptions {
  write(text: string): void;
  color?: boolean;
  /** A section's matrix as shown (npm start adds the server it started for the workers). */
  shown?(section: StartSection, matrix: MatrixResult): MatrixResult;
  /** After the summary, every backend's report and the tables by capability (`npm start -- --details`). */
  details?: boolean;
  /** How long the run has taken so far, for the summary. */
  elapsedMs?(): number;
  /** While the run goes (a terminal's status line): the backends finished so far, as each one ends; `undefined` once the report is written. */
  progress?(line: string | undefined): void;
}

/** How the summary says where the details are. */
export const DETAILS_FLAG = "npm start -- --details";

/**
 * npm start's report, once every process has delivered: the summary (one
 * screen: each backend's verdict, the product, the closing line), then, with
 * `details`, every backend's report and each kind's table, and the closing
 * line again. Resolves to the exit code: 0 when everything passed, else 1.
 * Once interrupted, it stops writing (the interrupt's partial report owns the output).
 */
export async function writeStartReport(program: StartProgram, results: StartResults, options: StartReportOptions): Promise<number> {
  const { write } = options;
  if (options.progress) reportProgress(program, results, options.progress);
  const sections: StartSectionOutcome[] = [];
  for (const section of startSections(program)) {
    const matrix = (options.shown ?? ((_, m) => m))(section, await results.matrix(section));
    sections.push({ section, matrix, verdict: matrixVerdict(matrix) });
  }
  const product: ProductMatrixResult | undefined = program.graph ? await results.product() : undefined;
  await parkIfInterrupted();
  options.progress?.(undefined);
  const postgres = sections.find((s) => s.matrix.postgres)?.matrix.postgres;
  const details = options.details
    ? "every backend's report and the tables by capability follow"
    : `${DETAILS_FLAG} (every backend's report, the tables by capability)`;
  write(
    renderStartSummary({
      sections,
      ...(product ? { product } : {}),
      ...(postgres ? { postgres } : {}),
      ...(options.elapsedMs ? { elapsedMs: options.elapsedMs() } : {}),
      details,
    }),
  );
  if (options.details)
    write(
      `${renderStartDetails(sections, product, { color: options.color === true })}\n${startClosingLine({ sections, ...(product ? { product } : {}) })}\n`,
    );
  const passed = sections.every(({ verdict }) => verdict.passed) && (product === undefined || productPassed(product));
  return passed ? 0 : 1;
}

/** `finished 4 of 7: memory ✓, sqlite ✓, store memory ✓, …` as each backend ends (its report's verdict, or – when it did not run). */
function reportProgress(program: StartProgram, results: StartResults, progress: (line: string) => void): void {
  const all = startSections(program).flatMap((section) => sectionBackends(program, section).map((b) => ({ section, id: b.id })));
  const done: string[] = [];
  for (const { section, id } of all) {
    void results.outcome(section, id).then((outcome) => {
      const mark = outcome.status === "skipped" ? "–" : outcome.status === "ran" && outcome.report.verdict().passed ? "✓" : "✗";
      done.push(`${section === "savers" ? "" : `${section} `}${id} ${mark}`);
      progress(`finished ${done.length} of ${all.length}: ${done.join(", ")}`);
    });
  }
}
