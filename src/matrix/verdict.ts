import type { BackendOutcome, MatrixResult } from "../reporters/matrix/types.js";
import type { VerdictOptions } from "../report/verdict.js";

/** The verdict of a backend matrix run (docs/backends.md#the-matrix-verdict). @public */
export interface MatrixVerdict {
  passed: boolean;
  /** Every backend was skipped: nothing was checked (never a pass). */
  nothingRan: boolean;
  /** The backends that keep the run from passing, each with why. */
  failing: { id: string; why: string }[];
}

/**
 * The one matrix rule, behind `npm start` and `--backends`: every selected
 * backend ran and passed (its report's verdict: every capability it offers, or
 * with `baseOnly` its base ones), and the
 * run was not cut short. A backend skipped because no server is configured
 * for it (its URL variable is not set) does not count; one that was selected
 * and could not run for any other reason (its driver is not installed, its
 * server or lifespan did not start) fails the run.
 */
export function matrixVerdict(result: MatrixResult, options: VerdictOptions = {}): MatrixVerdict {
  const failing = result.outcomes.flatMap((o) => {
    const why = failure(o, options);
    return why === undefined ? [] : [{ id: o.id, why }];
  });
  const nothingRan = result.outcomes.every((o) => o.status === "skipped");
  return { passed: !result.interrupted && !nothingRan && failing.length === 0, nothingRan, failing };
}

function failure(outcome: BackendOutcome, options: VerdictOptions): string | undefined {
  switch (outcome.status) {
    case "ran": {
      const verdict = outcome.report.verdict(options);
      return verdict.passed ? undefined : verdict.resultLine;
    }
    case "error":
      return `could not run: ${outcome.error}`;
    case "skipped":
      return outcome.noServer ? undefined : `skipped: ${outcome.reason}`;
  }
}
