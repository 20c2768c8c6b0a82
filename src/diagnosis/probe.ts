import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { diffValues } from "../format.js";
import type { ClauseId } from "./clauses.js";
import type { CatalogId } from "../kinds/checkpointer/checks/types.js";

/** The ids a failing run used: the probes of id round-trips store and read exactly these. */
export interface IdSample {
  threads: readonly string[];
  namespaces: readonly string[];
}

/**
 * A short targeted check of one storage clause, run on a fresh saver when a
 * graph case or a model sequence fails: the clause is named as the cause only
 * when its probe fails. Shared by the graph and the model modes.
 */
export interface Probe {
  /** kebab-case, e.g. `special-upsert`. */
  readonly id: string;
  /** The graph clause it confirms. */
  readonly clause: ClauseId;
  /** The catalog clause it checks, named by model failures. */
  readonly catalogId: CatalogId;
  /** The saver method at fault when it fails, e.g. `putWrites()`: a model failure is filed under it. */
  readonly operation: string;
  /** What it does, one line. */
  readonly title: string;
  /** Whether the ids of the failing run shape it (then it is cached per id shape, else once per run). */
  readonly usesIds?: true;
  /** Throws a ProbeMismatch when the saver breaks the clause (any other throw is the saver's own error). */
  run(saver: BaseCheckpointSaver, ids: IdSample): Promise<void>;
}

/** Which method and catalog clause one check of a probe blames, when it is not the probe's own. */
export interface Blame {
  operation: string;
  catalogId: CatalogId;
}

/** A probe's check did not hold: what was read, and the two values. */
export class ProbeMismatch extends Error {
  override readonly name = "ProbeMismatch";
  constructor(
    readonly what: string,
    readonly expected: unknown,
    readonly observed: unknown,
    readonly blame?: Blame,
  ) {
    super(what);
  }
}

/** Fails the probe with `what` when `observed` differs from `expected` (deep, exact). */
export function expectProbe(what: string, expected: unknown, observed: unknown, blame?: Blame): void {
  if (diffValues(expected, observed, { max: 1 }).length > 0) throw new ProbeMismatch(what, expected, observed, blame);
}

export type ProbeOutcome =
  | { probe: Probe; status: "passed" }
  | { probe: Probe; status: "failed"; what: string; expected: unknown; observed: unknown; operation: string; catalogId: CatalogId }
  /** `lifecycle`: the probe's fresh saver could not be made or cleaned up, so it says nothing of its clause. */
  | { probe: Probe; status: "threw"; error: unknown; operation: string; catalogId: CatalogId; lifecycle?: true };

export type FailedProbe = Exclude<ProbeOutcome, { status: "passed" }>;

export function failedProbes(outcomes: readonly ProbeOutcome[]): FailedProbe[] {
  return outcomes.filter((o): o is FailedProbe => o.status !== "passed");
}
