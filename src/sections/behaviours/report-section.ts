import type { BehaviourProfile, ReportSection, SectionLinesOptions } from "../../report/types.js";

export const BEHAVIOURS_TITLE = "BEHAVIOUR PROFILE (implementation-defined questions: answers, never pass/fail)";

/** What the section holds: the probes' answers, or why none could be asked. */
export interface BehaviourSectionState extends BehaviourProfile {
  /** The factory could not make the subject the probes run on. */
  error?: string;
  durationMs: number;
}

/**
 * A store's or cache's behaviour profile: its answer to each
 * implementation-defined question of its kind. Never part of the verdict
 * (`passed()` is null); compared across backends in the matrix.
 */
export class BehaviourSection implements ReportSection {
  readonly key = "behaviours";

  constructor(readonly profile: BehaviourSectionState) {}

  state(): BehaviourSectionState {
    return this.profile;
  }

  passed(): null {
    return null;
  }

  summary(): string {
    const { answers, error } = this.profile;
    if (error !== undefined) return "behaviour profile not taken";
    return `behaviour profile: ${answers.length} answer${answers.length === 1 ? "" : "s"}`;
  }

  lines(options: SectionLinesOptions = {}): string[] {
    const { answers, error, cleanupError } = this.profile;
    // Condensed: the answers are in the table that compares the backends' profiles side by side.
    if (options.condensed && error === undefined && cleanupError === undefined)
      return [`BEHAVIOUR PROFILE: ${answers.length} answers, side by side with the other backends' after the table`];
    const out = [BEHAVIOURS_TITLE];
    if (error !== undefined) out.push(`  could not ask: ${error}`);
    const width = Math.max(0, ...answers.map((a) => a.id.length));
    for (const a of answers) out.push(`  ${a.failed ? "⚠" : "·"} ${a.id.padEnd(width)}  ${a.question}  → ${a.answer}`);
    if (cleanupError !== undefined) out.push(`  ⚠ ${cleanupError}`);
    return out;
  }

  toJSON(): unknown {
    const { answers, error, cleanupError, durationMs } = this.profile;
    return {
      answers: answers.map((a) => ({ id: a.id, question: a.question, answer: a.answer, ...(a.failed ? { failed: true } : {}) })),
      ...(error !== undefined ? { error } : {}),
      ...(cleanupError !== undefined ? { cleanup_error: cleanupError } : {}),
      duration_ms: Math.round(durationMs),
    };
  }
}
