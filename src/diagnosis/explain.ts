import { formatValue } from "../format.js";
import { CLAUSES } from "./clauses.js";
import { errorText } from "../util/describe-value.js";
import { errorSignature } from "./causes/signature.js";
import type { ThrownError } from "../runtime/thrown-error.js";
import { framesBlock } from "../runtime/user-frames.js";
import type { FailedProbe, ProbeOutcome } from "./probe.js";
import { confirmingProbes, throwSignature, type SharedThrow } from "./shared-throws.js";

/** What a failed probe saw, one line: `getTuple() of thread "a:b": expected …, observed …`. */
export function probeFinding(o: FailedProbe): string {
  if (o.status === "threw")
    return `${o.lifecycle ? "the factory failed" : "the saver threw"}: ${o.error instanceof Error ? `${o.error.name}: ` : ""}${errorText(o.error)}${framesBlock(o.error)}`;
  return `${o.what}: expected ${formatValue(o.expected)}, observed ${formatValue(o.observed)}`;
}

/** What the cause lines know besides the candidates' outcomes. */
export interface CauseContext {
  /** Errors the probes of several clauses threw: they confirm no clause, and each is quoted once. */
  shared?: readonly SharedThrow[];
  /** The error the failure already shows: a shared error with its signature is referred to, not quoted again. */
  shown?: ThrownError;
}

/**
 * The cause lines of a failure: each clause a failed probe confirms, with what
 * the probe saw; each error the saver threw in the probes of several clauses
 * (once, as confirming nothing); or that the cause is not known.
 */
export function causeLines(outcomes: readonly ProbeOutcome[], context: CauseContext = {}): string[] {
  const shared = context.shared ?? [];
  const confirming = confirmingProbes(outcomes, shared);
  if (outcomes.length === 0) return ["cause not known: no targeted probe covers this comparison"];
  const unmade = outcomes.find((o): o is FailedProbe => o.status === "threw" && o.lifecycle === true);
  if (confirming.length === 0 && shared.length === 0 && unmade) {
    return [
      `cause not known: the probes run on a fresh saver, and the factory failed for ${unmade.probe.id}:`,
      ...indented(probeFinding(unmade)),
    ];
  }
  if (confirming.length === 0 && shared.length === 0)
    return [`cause not known: no targeted probe failed (probes run on a fresh saver: ${outcomes.map((o) => o.probe.id).join(", ")})`];
  const confirmed = confirming.flatMap((o) => [
    `confirmed by probe ${o.probe.id} (${o.probe.title}), on a fresh saver:`,
    ...indented(findingBeside(o, context.shown)),
    `  clause [${o.catalogId}, ${o.operation}]: ${CLAUSES[o.probe.clause]}`,
  ]);
  return [...confirmed, ...shared.flatMap((s) => sharedThrowLines(s, context.shown))];
}

function sharedThrowLines(shared: SharedThrow, shown: ThrownError | undefined): string[] {
  const probes = shared.probes.join(", ");
  const [who, whose] = shared.first.lifecycle
    ? ["the factory failed the same way", "the factory's"]
    : ["the saver threw the same error", "the saver's"];
  const head = shared.everywhere
    ? `cause not confirmed: ${who} in every probe on a fresh saver (${probes}), so no probe isolates a clause; the cause is ${whose} error:`
    : `not confirmed by probes ${probes}: ${who} in each (probes of different clauses), so none of them isolates a clause:`;
  return [head, ...indented(findingBeside(shared.first, shown))];
}

/** What the probe saw; a throw of the error the failure already shows is referred to, not quoted again. */
function findingBeside(o: FailedProbe, shown: ThrownError | undefined): string {
  const same = shown !== undefined && throwSignature(o) === errorSignature(shown);
  return same ? "the saver threw the error shown above" : probeFinding(o);
}

const indented = (text: string) => text.split("\n").map((l) => `  ${l}`);
