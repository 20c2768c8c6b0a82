import type { ClauseId } from "./clauses.js";
import type { ThrownError } from "../runtime/thrown-error.js";
import { causeLines } from "./explain.js";
import type { FailedProbe, IdSample } from "./probe.js";
import { PROBES } from "../kinds/checkpointer/probes/index.js";
import type { ProbeRunner } from "./run-probes.js";
import { confirmingProbes, controlProbes, sharedThrows } from "./shared-throws.js";

/** What the probes of a failure's candidate clauses found. */
export interface ProbedCause {
  /** The first candidate whose probe failed by its clause (not by an error the saver throws everywhere): the confirmed cause. */
  confirmed?: FailedProbe;
  /** The cause lines to show under the failure (each confirmed clause, the saver's error once, or that the cause is not known). */
  lines: string[];
}

/**
 * Runs the probes of the candidate clauses, most likely culprit first (a
 * clause named twice runs once, at its first place), and names the first whose
 * probe failed by a wrong answer or by an error no other clause's probe hit.
 * An error that probes of several clauses threw confirms none of them: it is
 * quoted once, or referred to when it is `shown`, the error the failure
 * already shows. Each caller picks its candidates its own way: the graph from
 * the scenario and the diverging field, the model from the disagreement.
 */
export async function probeCause(
  runner: ProbeRunner,
  clauses: readonly ClauseId[],
  ids: IdSample,
  shown?: ThrownError,
): Promise<ProbedCause> {
  const probes = [...new Set(clauses)].flatMap((clause) => PROBES.filter((p) => p.clause === clause));
  const outcomes = await runner.runAll(probes, ids);
  const controls = await runner.runAll(controlProbes(outcomes), ids);
  const shared = sharedThrows([...outcomes, ...controls]);
  return { confirmed: confirmingProbes(outcomes, shared)[0], lines: causeLines(outcomes, { shared, ...(shown ? { shown } : {}) }) };
}
