import fc from "fast-check";
import { CAPABILITIES, type Capability } from "../capabilities.js";
import { detectCapability } from "../engine/detect-capability.js";
import type { RegisteredCheckpointer } from "../registration.js";
import type { CatalogId } from "../spec/types.js";
import { createSaver } from "../engine/create-saver.js";
import { withTimeout } from "../engine/timeout.js";
import { errorText } from "../engine/describe-value.js";
import { thrownError, type ThrownError } from "../engine/thrown-error.js";
import { framesBlock } from "../engine/user-frames.js";
import { DECLARABLE_BEHAVIOURS, declaredBehaviours, type DeclarableBehaviour } from "./behaviours.js";
import { MODELLED_EXTENDED, commandArbitraries } from "./commands/index.js";
import { MODEL_DEFAULTS, type ModelOptions } from "./options.js";
import { poolsArb, type Pools } from "./arbitraries.js";
import { ReferenceModel } from "./reference-model.js";
import { ModelDisagreement, SequenceEnv, type ModelState, type RealState } from "./sequence-env.js";
import { renderReproduction } from "./reproduction.js";
import { inShard, type Shard } from "../engine/shard.js";

/** A declared behaviour, and whether (how often) it explained a disagreement. */
export interface DeclaredOutcome {
  behaviour: DeclarableBehaviour;
  ids: readonly CatalogId[];
  description: string;
  reason: string;
  occurrences: number;
  example?: readonly string[];
}

/** The shrunk disagreement: what differs, the TypeScript that reproduces it, and how to replay it. */
export interface ModelFailure {
  operation: string;
  ids: readonly CatalogId[];
  /** Expected vs actual, as diff lines. */
  lines: readonly string[];
  /** The minimal sequence as a TypeScript snippet to run against the saver. */
  reproduction: string;
  /** fast-check's rendering of the shrunk sequence. */
  sequence: string;
  seed: number;
  path: string;
  shrinks: number;
  /** The saver's error, when the disagreement is that it rejected. */
  error?: ThrownError;
}

/** @public */
export interface ModelRunResult {
  status: "passed" | "failed" | "error";
  /** Sequences run (fewer than asked when the time limit stopped the run). */
  runs: number;
  requestedRuns: number;
  seed: number;
  /** The seed was drawn at random (`seed: "random"`), not given or the default. */
  seedDrawn: boolean;
  /** The time limit stopped the run early. */
  interrupted: boolean;
  durationMs: number;
  /** Extended operations included in the sequences (detected on the saver). */
  extended: Capability[];
  declared: DeclaredOutcome[];
  failure?: ModelFailure;
  /** The run could not start or a sequence failed outside any comparison (factory, model bug). */
  error?: string;
  /** The error behind `error`, as data, when the saver or its factory threw it. */
  thrown?: ThrownError;
  /** Set in a shard's run: it ran only the sequences of its shard (`executed` of `runs`; the others passed without running). */
  shard?: Shard;
  executed?: number;
}

export interface ModelRunSettings extends ModelOptions {
  /** Per saver call and per factory step, in ms. */
  timeoutMs: number;
  /** Only the sequences of this shard run: sequence k (from 0, drawn from the same seed) when k mod count = index - 1. */
  shard?: Shard;
}

/**
 * Runs random operation sequences on fresh savers from the registration and on
 * the reference model, and shrinks the first disagreement to a minimal one.
 */
export async function runModel(registered: RegisteredCheckpointer, settings: ModelRunSettings): Promise<ModelRunResult> {
  const started = performance.now();
  const requestedRuns = settings.runs ?? MODEL_DEFAULTS.runs;
  const seedDrawn = settings.seed === "random";
  const seed = settings.seed === "random" ? (Math.random() * 0x7fffffff) | 0 : (settings.seed ?? MODEL_DEFAULTS.seed);
  const declared = declaredBehaviours(settings.ignore ?? [], registered.knownDeviations);
  const observed = new Map<DeclarableBehaviour, { occurrences: number; example: readonly string[] }>();
  const base = { requestedRuns, seed, seedDrawn, declared: [] as DeclaredOutcome[], extended: [] as Capability[] };
  // Sequences are drawn in the same order in every shard; a shard runs its own and lets the others pass unrun.
  let drawn = 0;
  let executed = 0;
  let shrinking = false;
  const finish = (rest: Omit<ModelRunResult, keyof typeof base | "durationMs">): ModelRunResult => ({
    ...base,
    ...rest,
    ...(settings.shard ? { shard: settings.shard, executed } : {}),
    declared: [...declared].map(([behaviour, reason]) => ({
      behaviour,
      ids: DECLARABLE_BEHAVIOURS[behaviour].ids,
      description: DECLARABLE_BEHAVIOURS[behaviour].description,
      reason,
      occurrences: observed.get(behaviour)?.occurrences ?? 0,
      ...(observed.has(behaviour) ? { example: observed.get(behaviour)!.example } : {}),
    })),
    durationMs: performance.now() - started,
  });

  let extended: Set<Capability>;
  try {
    extended = await detectExtended(registered, settings.timeoutMs);
  } catch (error) {
    return finish({ status: "error", runs: 0, interrupted: false, error: `the factory failed to produce a saver: ${errorText(error)}${framesBlock(error)}`, thrown: thrownError(error, "the factory") });
  }
  base.extended = [...extended];

  const replay = parseReplayPath(settings.path);
  let lastFailure: { env: SequenceEnv; error: unknown } | undefined;
  const observe = (behaviour: DeclarableBehaviour, example: readonly string[]) => {
    const seen = observed.get(behaviour);
    observed.set(behaviour, { occurrences: (seen?.occurrences ?? 0) + 1, example: seen?.example ?? example });
  };
  const sequences = new Map<Pools, fc.Arbitrary<Iterable<fc.AsyncCommand<ModelState, RealState>>>>();
  const sequenceOf = (pools: Pools) => {
    if (!sequences.has(pools)) {
      const commands = fc.commands(commandArbitraries(extended, pools), {
        maxCommands: settings.maxCommands ?? MODEL_DEFAULTS.maxCommands,
        size: "max",
        ...(replay.commands !== undefined ? { replayPath: replay.commands } : {}),
      });
      sequences.set(pools, commands);
    }
    return sequences.get(pools)!;
  };
  const property = fc.asyncProperty(
    // Each sequence draws its ids from one family of look-alikes per kind (adversarial-pools.ts).
    poolsArb.chain(sequenceOf),
    async (commands) => {
      if (!shrinking && !inShard(drawn++, settings.shard)) return;
      if (!shrinking) executed++;
      const lease = await createSaver(registered, settings.timeoutMs);
      const env = new SequenceEnv(declared, observe, settings.timeoutMs);
      try {
        const setup = (): { model: ModelState; real: RealState } => ({ model: { model: new ReferenceModel(), env }, real: { saver: lease.saver } });
        await fc.asyncModelRun(setup, commands);
      } catch (error) {
        shrinking = true;
        lastFailure = { env, error };
        throw error;
      } finally {
        await withTimeout(lease.release(), settings.timeoutMs, () => "in the factory's cleanup");
      }
    },
  );
  const details = await fc.check(property, {
    numRuns: requestedRuns,
    seed,
    ...(replay.run !== undefined ? { path: replay.run } : {}),
    interruptAfterTimeLimit: settings.timeLimitMs ?? MODEL_DEFAULTS.timeLimitMs,
    markInterruptAsFailure: false,
  });
  const runs = details.numRuns;
  if (!details.failed) return finish({ status: "passed", runs, interrupted: details.interrupted });
  if (details.interrupted && runs === 0 && lastFailure === undefined) {
    const limit = settings.timeLimitMs ?? MODEL_DEFAULTS.timeLimitMs;
    return finish({ status: "error", runs, interrupted: true, error: `the time limit (${limit} ms) stopped the run before its first sequence; raise model.timeLimitMs` });
  }
  const error = lastFailure?.error ?? details.errorInstance;
  if (!(error instanceof ModelDisagreement) || lastFailure === undefined) {
    return finish({ status: "error", runs, interrupted: details.interrupted, error: `a sequence failed outside the comparison: ${errorText(error)}${framesBlock(error)}`, thrown: thrownError(error) });
  }
  const sequence = details.counterexample ? String(details.counterexample[0]) : "";
  return finish({
    status: "failed",
    runs,
    interrupted: details.interrupted,
    failure: {
      operation: error.operation,
      ids: error.ids,
      lines: error.lines,
      reproduction: renderReproduction(registered.name, lastFailure.env.transcript, error),
      sequence,
      seed: details.seed,
      path: formatReplayPath(details.counterexamplePath ?? "", sequence),
      shrinks: details.numShrinks,
      ...(error.thrown ? { error: error.thrown } : {}),
    },
  });
}

/** The modelled extended capabilities the saver has (and the registration does not skip). */
async function detectExtended(registered: RegisteredCheckpointer, timeoutMs: number): Promise<Set<Capability>> {
  const lease = await createSaver(registered, timeoutMs);
  try {
    // The inherited getDeltaChannelHistory is real code LangGraph calls, so it is modelled too.
    const runs = (kind: string) => kind === "detected" || kind === "inherited";
    const has = (cap: Capability) => runs(detectCapability(lease.saver, cap).kind) && !registered.skipCapabilities.has(cap);
    return new Set(CAPABILITIES.map((c) => c.id as Capability).filter((cap) => MODELLED_EXTENDED.includes(cap) && has(cap)));
  } finally {
    await withTimeout(lease.release(), timeoutMs, () => "in the factory's cleanup");
  }
}

/**
 * Our replay path is fast-check's run path plus, after "@", the commands'
 * replay path (which fast-check needs to rebuild a shrunk command sequence).
 */
function parseReplayPath(path: string | undefined): { run?: string; commands?: string } {
  if (path === undefined) return {};
  const [run, commands] = path.split("@");
  return { run, commands };
}

function formatReplayPath(runPath: string, sequence: string): string {
  const commands = /replayPath="([^"]*)"/.exec(sequence)?.[1];
  return commands === undefined ? runPath : `${runPath}@${commands}`;
}
