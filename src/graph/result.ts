import { thrownErrorText, type ThrownError } from "../runtime/thrown-error.js";
import type { Divergence } from "./compare.js";

/** One scenario case's outcome on the saver under test. @public */
export type GraphCaseResult = {
  /** `G02[exit]`, or `G05` for a scenario with one variant. */
  id: string;
  scenario: string;
  name: string;
  variant: string;
} & (
  | { status: "passed"; durationMs: number; deviation?: string }
  | {
      status: "failed";
      durationMs: number;
      /** What went wrong, without the saver's error: that is `error`, which reporters show beside it. */
      message: string;
      divergence?: Divergence;
      deviation?: string;
      /** The first error the saver (or its factory) threw during the case, when it threw one. */
      error?: ThrownError;
    }
  | { status: "not-applicable"; reason: string }
);

/** A failure that counts: not a declared known deviation. */
export function isCountedGraphFailure(r: GraphCaseResult): boolean {
  return r.status === "failed" && r.deviation === undefined;
}

/** A failed case's full text for plain-text outputs: the saver's error (from `error`), then the message. */
export function graphFailureText(r: { message: string; error?: ThrownError }): string {
  return r.error ? `${thrownErrorText(r.error)}\n${r.message}` : r.message;
}
