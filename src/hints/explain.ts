import { formatValue } from "../format.js";
import { CLAUSES } from "../graph/clauses.js";
import { errorText } from "../engine/describe-value.js";
import { framesBlock } from "../engine/user-frames.js";
import type { ProbeOutcome } from "./probe.js";

export type FailedProbe = Exclude<ProbeOutcome, { status: "passed" }>;

export function failedProbes(outcomes: readonly ProbeOutcome[]): FailedProbe[] {
  return outcomes.filter((o): o is FailedProbe => o.status !== "passed");
}

/** What a failed probe saw, one line: `getTuple() of thread "a:b": expected …, observed …`. */
export function probeFinding(o: FailedProbe): string {
  if (o.status === "threw") return `the saver threw: ${o.error instanceof Error ? `${o.error.name}: ` : ""}${errorText(o.error)}${framesBlock(o.error)}`;
  return `${o.what}: expected ${formatValue(o.expected)}, observed ${formatValue(o.observed)}`;
}

/**
 * The cause lines of a failure: each clause a failed probe confirms, with what
 * the probe saw, or that the cause is not known (no targeted probe failed).
 */
export function causeLines(outcomes: readonly ProbeOutcome[]): string[] {
  const failed = failedProbes(outcomes);
  if (outcomes.length === 0) return ["cause not known: no targeted probe covers this comparison"];
  if (failed.length === 0) return [`cause not known: no targeted probe failed (probes run on a fresh saver: ${outcomes.map((o) => o.probe.id).join(", ")})`];
  return failed.flatMap((o) => [
    `confirmed by probe ${o.probe.id} (${o.probe.title}), on a fresh saver:`,
    ...probeFinding(o).split("\n").map((l) => `  ${l}`),
    `  clause [${o.catalogId}, ${o.operation}]: ${CLAUSES[o.probe.clause]}`,
  ]);
}
