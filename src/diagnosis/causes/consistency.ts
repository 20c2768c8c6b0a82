import { ANSWER_KIND_TEXT, answerKind } from "./answer-kind.js";
import { CHECKPOINTER_CAUSE_KIND, observedBehaviour, type CauseKind } from "./behaviour.js";
import type { FailureCause } from "./group.js";

/**
 * Where a cause's title says something its own evidence (the failure shown in
 * full) does not, unless a probe confirmed it: a kind of wrong answer the evidence's expected and actual
 * values do not show, or a method the evidence did not observe when no rule
 * or probe moved the blame there. Empty when the title and the data agree.
 */
export function contradictions(cause: FailureCause, subject: CauseKind = CHECKPOINTER_CAUSE_KIND): string[] {
  const evidence = cause.failures[0];
  // A thrown error speaks for itself; a clause a targeted probe confirmed on a fresh saver is what the probe saw.
  if (cause.method === undefined || evidence.error || evidence.confirmed) return [];
  const out: string[] = [];
  const kind = answerKind(evidence);
  if (!cause.title.includes(ANSWER_KIND_TEXT[kind]))
    out.push(`the title does not name what the evidence shows (${ANSWER_KIND_TEXT[kind]}): ${cause.title}`);
  const observed = observedBehaviour(evidence, subject)?.method;
  if (observed !== cause.method && cause.blame === undefined)
    out.push(`the title blames ${cause.method}() but the evidence observed ${observed ?? "no method"}, and nothing moved the blame`);
  return out;
}
