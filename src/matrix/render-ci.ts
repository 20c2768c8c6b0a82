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
  return outcome.status === "error"
    ? oneCaseSuite(outcome.id, { failure: `could not start: ${outcome.error}` })
    : oneCaseSuite(outcome.id, { skipped: `skipped: ${outcome.reason}` });
}

/** A run cut short by a signal: one failed case naming what did not run. */
function interruptedSuite(interrupted: MatrixInterruption): JunitSuite {
  return oneCaseSuite("interrupted", { failure: interruptionHeadline(interrupted), details: interruptionLines(interrupted).join("\n") });
}

/** A suite of one test case named `name`, failed or skipped with `message`. */
function oneCaseSuite(name: string, outcome: { failure: string; details?: string } | { skipped: string }): JunitSuite {
  const failed = "failure" in outcome;
  const counts = { tests: 1, failures: failed ? 1 : 0, skipped: failed ? 0 : 1 };
  const verdict = failed
    ? `      <failure${xmlAttributes({ message: outcome.failure })}>${xmlEscape(outcome.details ?? outcome.failure)}</failure>`
    : `      <skipped${xmlAttributes({ message: outcome.skipped })}/>`;
  return {
    counts,
    xml: [
      `  <testsuite${xmlAttributes({ name, ...counts, errors: 0 })}>`,
      `    <testcase${xmlAttributes({ name, classname: name })}>`,
      verdict,
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
