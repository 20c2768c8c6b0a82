import type { ReportSection } from "../report/types.js";
import type { ThrownError } from "../runtime/thrown-error.js";
import type { ValidateOptions } from "../run/options.js";
import type { SectionRunner } from "../run/section-runner.js";

/** How one spec test, graph scenario case or model run came out on one backend. @public */
export type TestVerdict = "pass" | "fail" | "deviation" | "skip" | "advisory-pass" | "advisory-fail" | "not-applicable" | "error";

/** One backend's outcome of a section. @public */
export interface MatrixSectionCell {
  status: "passed" | "failed" | "skipped" | "error";
  /** Graph: cases passed; model: sequences run without disagreement. */
  passed: number;
  /** Graph: cases failed (not declared); model: 1 when a sequence disagreed. */
  failed: number;
  /** Declared deviations that occurred (not counted as failures). */
  deviations: number;
  /** What those deviations are (graph case ids, declared model behaviours), so a "+n dev" can be named. */
  deviationNames?: readonly string[];
  /** Why a skipped section did not run (the graph scenarios without @langchain/langgraph, say). */
  reason?: string;
  text: string;
}

/** The html reporter's helpers a section's html is written with (they live in reporters/html/, above the sections). */
export interface HtmlKit {
  /** Escapes text for html. */
  esc(text: string): string;
  /** A failure message, with its diff lines colored. */
  message(text: string): string;
  /** Two values side by side under their titles. */
  sideBySide(leftTitle: string, left: string, rightTitle: string, right: string): string;
  /** The error the saver threw, when one did. */
  thrown(failure: { error?: ThrownError }): string;
}

/**
 * Everything the suite does with one kind of report section (graph scenarios,
 * model-based runs), in one place: adding a section is one of these plus one
 * line in src/sections/index.ts.
 */
export interface SectionKind<Key extends string = string, S extends ReportSection = ReportSection> {
  key: Key;
  /** Its row in the backend matrix. */
  label: string;
  /** The option that turns it on: undefined or false leaves it off. */
  optionOf(options: ValidateOptions): unknown;
  /** It reports facts, not a verdict (the behaviour profile): on by default, it does not make a run that selects no spec test a check. */
  informational?: true;
  /** It needs no capability result: it may run alongside the capabilities, under the run's budget of tests in flight (SectionRunner.independent). */
  independent?: true;
  /** Its runner, imported only when a run asks for the section (it may load heavy code). */
  load(): Promise<SectionRunner>;
  /** Whether a report section is one of this kind's own (built by its runner or revived from its state). */
  owns(section: ReportSection): section is S;
  /** The section again from the `state()` it wrote into a report file. */
  revive(state: unknown): S;
  /** One section from the shards' sections of this kind (every one owned by it). */
  merge(sections: readonly S[]): S;
  /** Its cell in the backend matrix. */
  matrixCell(section: S): MatrixSectionCell;
  /** Its verdict per case (graph) or for the whole run (model): where backends disagree. */
  matrixVerdicts(section: S): Map<string, TestVerdict>;
  /** Answers (not verdicts) the matrix compares across backends, by question id: the behaviour profile's. */
  matrixFacts?(section: S): ReadonlyMap<string, { question: string; answer: string }>;
  /** Its part of the html report. */
  html(section: S, kit: HtmlKit): string;
}
