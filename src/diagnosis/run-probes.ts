import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { AnyRegistration } from "../registration.js";
import { errorText } from "../util/describe-value.js";
import { SubjectCreationError, withSubject, type SubjectLoad } from "../runtime/lease.js";
import { withSlowCallGrace } from "../runtime/slow-call.js";
import { ProbeMismatch, type IdSample, type Probe, type ProbeOutcome } from "./probe.js";

/** At most this many thread ids and namespaces of a run go into the id probe. */
const SAMPLE_SIZE = 4;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * Runs probes on fresh savers from the registration's factory, each bounded
 * by the timeout, and caches every outcome for the run: many failing cases
 * that share one cause run its probe once. The id probe is cached per id
 * shape (its UUIDs blanked), so cases whose ids look alike share it too.
 */
export class ProbeRunner {
  private readonly outcomes = new Map<string, Promise<ProbeOutcome>>();
  /** How many probes really ran (not answered from the cache): the tests read it. */
  runs = 0;

  constructor(
    private readonly registered: AnyRegistration,
    private readonly timeoutMs: number,
    /**
     * The load a probe's factory, cleanup and calls are judged under (src/runtime/slow-call.ts): the run's where
     * other work of it may be in flight (the model's probes run while capabilities may still), so load is not read
     * as the saver throwing a timeout; `ALONE` where nothing else runs.
     */
    private readonly load: SubjectLoad,
  ) {}

  /** The outcomes of `probes`, in their order, run one after the other. */
  async runAll(probes: readonly Probe[], ids: IdSample): Promise<ProbeOutcome[]> {
    const out: ProbeOutcome[] = [];
    for (const probe of probes) out.push(await this.run(probe, ids));
    return out;
  }

  run(probe: Probe, ids: IdSample): Promise<ProbeOutcome> {
    const sample = probe.usesIds ? limited(ids) : { threads: [], namespaces: [] };
    const key = probe.usesIds ? `${probe.id} ${JSON.stringify(sample).replace(UUID, "<uuid>")}` : probe.id;
    let outcome = this.outcomes.get(key);
    if (outcome === undefined) {
      outcome = this.runFresh(probe, sample);
      this.outcomes.set(key, outcome);
    }
    return outcome;
  }

  private async runFresh(probe: Probe, ids: IdSample): Promise<ProbeOutcome> {
    this.runs++;
    const blame = { operation: probe.operation, catalogId: probe.catalogId };
    // lease.ts's policy: a probe owns its saver, so a failed cleanup is the probe's outcome unless the probe failed or threw first.
    let cleanupFailure: unknown;
    let outcome: ProbeOutcome;
    try {
      outcome = await withSubject(
        this.registered,
        // One text for every probe: a factory that fails them all is one error, quoted once (shared-throws.ts).
        { timeoutMs: this.timeoutMs, creating: "in the factory (creating a saver for a probe)", load: this.load },
        (saver) => this.attempt(probe, saver, ids),
        { onCleanupFailure: (error) => (cleanupFailure = new Error(`the factory's cleanup failed: ${errorText(error)}`)) },
      );
    } catch (error) {
      return { probe, status: "threw", error: error instanceof SubjectCreationError ? error.cause : error, lifecycle: true, ...blame };
    }
    if (outcome.status === "passed" && cleanupFailure !== undefined)
      return { probe, status: "threw", error: cleanupFailure, lifecycle: true, ...blame };
    return outcome;
  }

  private async attempt(probe: Probe, saver: BaseCheckpointSaver, ids: IdSample): Promise<ProbeOutcome> {
    const blame = { operation: probe.operation, catalogId: probe.catalogId };
    try {
      // One text for every probe, as for the factory: a saver that hangs in every probe is one error, confirming no clause.
      await withSlowCallGrace(
        probe.run(saver, ids),
        this.timeoutMs,
        () => "in a probe's calls",
        this.load,
        () => undefined,
      );
      return { probe, status: "passed" };
    } catch (error) {
      if (!(error instanceof ProbeMismatch)) return { probe, status: "threw", error, ...blame };
      return { probe, status: "failed", what: error.what, expected: error.expected, observed: error.observed, ...(error.blame ?? blame) };
    }
  }
}

function limited(ids: IdSample): IdSample {
  const pick = (xs: readonly string[]) => [...new Set(xs)].sort().slice(0, SAMPLE_SIZE);
  return { threads: pick(ids.threads), namespaces: pick(ids.namespaces.filter((ns) => ns !== "")) };
}
