import type { ClauseId } from "../graph/clauses.js";
import { causeLines, failedProbes, type FailedProbe } from "./explain.js";
import type { IdSample } from "./probe.js";
import { PROBES } from "./probes/index.js";
import type { ProbeRunner } from "./run-probes.js";

/** What the probes of a failure's candidate clauses found. */
export interface ProbedCause {
  /** The first candidate whose probe failed: the confirmed cause. Undefined when none failed. */
  confirmed?: FailedProbe;
  /** The cause lines to show under the failure (each confirmed clause, or that the cause is not known). */
  lines: string[];
}

/**
 * Runs the probes of the candidate clauses, most likely culprit first (a
 * clause named twice runs once, at its first place), and names the first whose
 * probe failed. Each caller picks its candidates its own way: the graph from
 * the scenario and the diverging field, the model from the disagreement.
 */
export async function probeCause(runner: ProbeRunner, clauses: readonly ClauseId[], ids: IdSample): Promise<ProbedCause> {
  const probes = [...new Set(clauses)].flatMap((clause) => PROBES.filter((p) => p.clause === clause));
  const outcomes = await runner.runAll(probes, ids);
  return { confirmed: failedProbes(outcomes)[0], lines: causeLines(outcomes) };
}
