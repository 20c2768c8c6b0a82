import { errorSignature } from "./causes/signature.js";
import { thrownError } from "../runtime/thrown-error.js";
import { failedProbes, type FailedProbe, type Probe, type ProbeOutcome } from "./probe.js";
import { PROBES } from "../kinds/checkpointer/probes/index.js";

/**
 * One error the saver threw in the probes of two or more clauses (a put()
 * that always throws, a saver that is not connected, a factory that fails):
 * it shows that the saver throws, not which clause it breaks, so it confirms
 * none of them. The failure's cause is then that error.
 */
export interface SharedThrow {
  signature: string;
  /** The first probe that threw it: what the cause lines quote, once. */
  first: Extract<ProbeOutcome, { status: "threw" }>;
  /** Every probe that threw it, the controls included, in the order they ran. */
  probes: string[];
  /** Whether every probe that ran (the controls included) threw it. */
  everywhere: boolean;
}

/** The signature src/diagnosis/causes groups a thrown error by, for a probe that threw. */
export function throwSignature(outcome: ProbeOutcome): string | undefined {
  return outcome.status === "threw" ? errorSignature(thrownError(outcome.error)) : undefined;
}

/**
 * A probe of another clause to run when the only probe that ran threw: without
 * it, one throw cannot tell an error of that clause (only ids with ":" throw)
 * from an error the saver throws everywhere. Empty when there is nothing to tell.
 */
export function controlProbes(outcomes: readonly ProbeOutcome[]): Probe[] {
  const clauses = new Set(outcomes.map((o) => o.probe.clause));
  if (clauses.size !== 1 || !outcomes.some((o) => o.status === "threw")) return [];
  const control = PROBES.find((p) => !p.usesIds && !clauses.has(p.clause));
  return control ? [control] : [];
}

/** The errors that probes of two or more clauses threw, each with the probes that threw it. */
export function sharedThrows(outcomes: readonly ProbeOutcome[]): SharedThrow[] {
  const bySignature = new Map<string, Extract<ProbeOutcome, { status: "threw" }>[]>();
  for (const o of outcomes) {
    const signature = throwSignature(o);
    if (signature !== undefined && o.status === "threw") bySignature.set(signature, [...(bySignature.get(signature) ?? []), o]);
  }
  return [...bySignature]
    .filter(([, threw]) => new Set(threw.map((o) => o.probe.clause)).size > 1)
    .map(([signature, threw]) => ({
      signature,
      first: threw[0],
      probes: threw.map((o) => o.probe.id),
      everywhere: threw.length === outcomes.length,
    }));
}

/**
 * The failed probes that confirm their clause: a wrong answer, or a throw of an error no other clause's probe hit.
 * A probe whose saver could not be made or cleaned up (`lifecycle`) confirms nothing: the factory does not know the clause.
 */
export function confirmingProbes(outcomes: readonly ProbeOutcome[], shared: readonly SharedThrow[]): FailedProbe[] {
  const signatures = new Set(shared.map((s) => s.signature));
  return failedProbes(outcomes).filter((o) => !(o.status === "threw" && o.lifecycle) && !signatures.has(throwSignature(o) ?? ""));
}
