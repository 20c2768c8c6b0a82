import { parkIfInterrupted } from "../cleanup/index.js";
import { renderMatrixTerminal } from "../reporters/matrix/render-terminal.js";
import type { BackendOutcome, MatrixResult } from "../reporters/matrix/types.js";
import { kindMatrixEnd, kindMatrixTitle } from "./kind-matrices.js";
import { productPassed, renderProductMatrix } from "./render-product.js";
import { sectionBackends, startSections, type StartProgram, type StartSection } from "./start-lanes.js";
import type { StartResults } from "./start-results.js";
import { matrixVerdict } from "./verdict.js";

export interface StartReportOptions {
  write(text: string): void;
  color?: boolean;
  /** A section's matrix as shown (npm start adds the server it started for the workers). */
  shown?(section: StartSection, matrix: MatrixResult): MatrixResult;
}

/**
 * npm start's report, in one order whichever process delivers first: each
 * backend's title and report (or why it did not run) as soon as it and those
 * before it are in, each section's table and failing backends, then the
 * product. Resolves to the exit code: 0 when everything passed, else 1.
 * Once interrupted, it stops writing (the interrupt's partial report owns the output).
 */
export async function writeStartReport(program: StartProgram, results: StartResults, options: StartReportOptions): Promise<number> {
  const { write } = options;
  let passed = true;
  for (const section of startSections(program)) {
    const backends = sectionBackends(program, section);
    if (section !== "savers") write(kindMatrixTitle(section, backends));
    for (const backend of backends) {
      const outcome = await results.outcome(section, backend.id);
      await parkIfInterrupted();
      write(`\n${backend.title}\n`);
      writeOutcome(outcome, write);
    }
    const matrix = (options.shown ?? ((_, m) => m))(section, await results.matrix(section));
    await parkIfInterrupted();
    if (section === "savers") {
      write(`\n${renderMatrixTerminal(matrix)}`);
      const verdict = matrixVerdict(matrix);
      for (const { id, why } of verdict.failing) write(`${id}: ${why}\n`);
      passed &&= verdict.passed;
    } else {
      const end = kindMatrixEnd(section, matrix, { color: options.color === true });
      write(end.text);
      passed &&= end.exit === 0;
    }
  }
  if (program.graph) {
    write("\nRunning the product scenarios (checkpointer × store × cache)...\n");
    const product = await results.product();
    await parkIfInterrupted();
    write(`\n${renderProductMatrix(product)}`);
    passed &&= productPassed(product);
  }
  return passed ? 0 : 1;
}

/** A backend's whole report, or why it did not run. */
function writeOutcome(outcome: BackendOutcome, write: (text: string) => void): void {
  if (outcome.status === "ran") outcome.report.printReport(write);
  else write(`${outcome.status === "skipped" ? "skipped" : "could not run"}: ${outcome.status === "skipped" ? outcome.reason : outcome.error}\n`);
}
