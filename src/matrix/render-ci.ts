import { appendFileSync } from "node:fs";
import { errorAnnotation, renderAnnotations } from "../reporters/github.js";
import { junitDocument, junitSuites, type JunitSuite } from "../reporters/junit.js";
import { xmlAttributes, xmlEscape } from "../reporters/xml.js";
import { renderMatrixMarkdown } from "./render-markdown.js";
import { interruptionHeadline, interruptionLines } from "./render-interruption.js";
import type { BackendOutcome, MatrixInterruption, MatrixResult } from "./types.js";

/**
 * The matrix as JUnit XML: each backend's report as the single-saver JUnit
 * reporter writes it, its suites and classnames prefixed with `<backend> › `;
 * a backend that did not run is one suite with one skipped (or, when it could
 * not start, failed) test case.
 */
export function renderMatrixJunit(result: MatrixResult): string {
  const suites = result.outcomes.flatMap((o) => (o.status === "ran" ? junitSuites(o.report, `${o.id} › `) : [notRunSuite(o)]));
  if (result.interrupted) suites.push(interruptedSuite(result.interrupted));
  return junitDocument("checkpoint-conformance: backend matrix", result.durationMs, suites);
}

function notRunSuite(outcome: Exclude<BackendOutcome, { status: "ran" }>): JunitSuite {
  const failed = outcome.status === "error";
  const message = failed ? `could not start: ${outcome.error}` : `skipped: ${outcome.reason}`;
  const counts = { tests: 1, failures: failed ? 1 : 0, skipped: failed ? 0 : 1 };
  return {
    counts,
    xml: [
      `  <testsuite${xmlAttributes({ name: outcome.id, ...counts, errors: 0 })}>`,
      `    <testcase${xmlAttributes({ name: outcome.id, classname: outcome.id })}>`,
      failed ? `      <failure${xmlAttributes({ message })}>${xmlEscape(message)}</failure>` : `      <skipped${xmlAttributes({ message })}/>`,
      `    </testcase>`,
      `  </testsuite>`,
    ],
  };
}

/** A run cut short by a signal: one failed case naming what did not run. */
function interruptedSuite(interrupted: MatrixInterruption): JunitSuite {
  const text = interruptionLines(interrupted).join("\n");
  const counts = { tests: 1, failures: 1, skipped: 0 };
  return {
    counts,
    xml: [
      `  <testsuite${xmlAttributes({ name: "interrupted", ...counts, errors: 0 })}>`,
      `    <testcase${xmlAttributes({ name: "interrupted", classname: "interrupted" })}>`,
      `      <failure${xmlAttributes({ message: interruptionHeadline(interrupted) })}>${xmlEscape(text)}</failure>`,
      `    </testcase>`,
      `  </testsuite>`,
    ],
  };
}

/**
 * GitHub Actions for the matrix: every backend's failures as annotations (titles
 * prefixed with the backend's id), one for each backend that could not start,
 * and the Markdown matrix appended to `$GITHUB_STEP_SUMMARY` when it is set.
 */
export function renderMatrixGithub(result: MatrixResult, env: NodeJS.ProcessEnv, subjectFile?: string): string {
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${renderMatrixMarkdown(result)}\n`);
  return result.outcomes
    .map((o) =>
      o.status === "ran"
        ? renderAnnotations(o.report, subjectFile, `${o.id} › `)
        : o.status === "error"
          ? `${errorAnnotation(`${o.id} could not start`, o.error, subjectFile)}\n`
          : "",
    )
    .concat(result.interrupted ? [`${errorAnnotation(interruptionHeadline(result.interrupted), interruptionLines(result.interrupted).join("\n"), subjectFile)}\n`] : [])
    .join("");
}
