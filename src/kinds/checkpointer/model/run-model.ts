import fc from "fast-check";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { CAPABILITIES, type Capability } from "../capabilities.js";
import { detectCapability } from "../detect.js";
import type { RegisteredCheckpointer } from "../../../registration.js";
import type { CatalogId } from "../checks/types.js";
import { ALONE, SubjectCreationError, withSubject, type CleanupPolicy } from "../../../runtime/lease.js";
import { errorText } from "../../../util/describe-value.js";
import { thrownError, type ThrownError } from "../../../runtime/thrown-error.js";
import { framesBlock } from "../../../runtime/user-frames.js";
import { causeChainText, isTransportErrorText } from "../../../runtime/cause-chain.js";
import { DECLARABLE_BEHAVIOURS, declaredBehaviours, type DeclarableBehaviour } from "./behaviours.js";
import { MODELLED_EXTENDED, commandArbitraries } from "./commands/index.js";
import { runThenReread } from "./commands/state-check.js";
import { defaultModelTimeLimitMs, MODEL_DEFAULTS, type ModelOptions } from "./options.js";
import { poolsArb, type Pools } from "./arbitraries.js";
import { ReferenceModel } from "./reference-model.js";
import { ModelDisagreement, SequenceEnv, type ModelState, type RealState } from "./sequence-env.js";
import { renderReproduction } from "./reproduction.js";
import { inShard, type Shard } from "../../../runtime/shard.js";
import { ProbeRunner } from "../../../diagnosis/run-probes.js";
import { recordIds } from "../../../diagnosis/id-recorder.js";
import { probeCause } from "../../../diagnosis/probe-cause.js";
import { minimise, shrinkLoops, type Loop } from "./delta-debug.js";
import { probeCandidates } from "./probe-candidates.js";
import { runSequencesAtOnce } from "./sequences-at-once.js";
import { TestBudget } from "../../../run/test-budget.js";
import type { SlowCall } from "../../../runtime/slow-call.js";
import { TimeoutError } from "../../../util/timeout.js";

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
  /** The operation at fault: the one whose answer differed, or the one a failed probe confirmed (putWrites() for a write bug a list() observed). */
  operation: string;
  /** The one catalog clause of the failed comparison (or of the probe that confirmed the cause). */
  id: CatalogId;
  /** `[id]`. */
  ids: readonly CatalogId[];
  /** Set when a probe filed the cause under another operation: the read whose answer differed. */
  observedBy?: string;
  /** The cause: each clause a targeted probe on a fresh saver confirmed, or "cause not known". */
  cause: readonly string[];
  /** Expected vs actual, as diff lines. */
  lines: readonly string[];
  /** The minimal sequence as a TypeScript snippet to run against the saver. */
  reproduction: string;
  /** fast-check's rendering of the shrunk sequence. */
  sequence: string;
  seed: number;
  path: string;
  shrinks: number;
  /** Calls removed after fast-check's shrinking by replaying without them on fresh savers (delta debugging), and the replays it took. */
  removedByReplay: number;
  replays: number;
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
  /** With sequences at once: calls slower than the timeout in sequences that agreed run alone too (slow under load, not a failure). */
  slowUnderLoad?: SlowCall[];
}

export interface ModelRunSettings extends ModelOptions {
  /** Per saver call and per factory step, in ms. */
  timeoutMs: number;
  /** Only the sequences of this shard run: sequence k (from 0, drawn from the same seed) when k mod count = index - 1. */
  shard?: Shard;
  /** The run's budget of tests in flight: sequences run at once up to its size, each on its own fresh saver; none or a size of 1: one after another. */
  budget?: TestBudget;
  /**
   * Internal (the mutant proofs, which need only whether a disagreement caught the saver): the run stops at the
   * first disagreement and reports it as found, without fast-check's shrinking, the replays or the probes.
   */
  stopAtFirstDisagreement?: boolean;
}

/** The cause of a disagreement reported as found (`stopAtFirstDisagreement`). */
const NOT_PROBED = "cause not probed: the run reported the first disagreement as found";
/** A hang is reported as found: each replay or probe of it would wait the whole timeout on the same call. */
const HANG_NOT_PROBED =
  "cause not probed and the sequence not shrunk: a call never settled (a hang), and every replay or probe would wait the timeout on it again";

/**
 * Runs random operation sequences on fresh savers from the registration and on
 * the reference model, and shrinks the first disagreement to a minimal one
 * (unless `stopAtFirstDisagreement`).
 */
export async function runModel(registered: RegisteredCheckpointer, settings: ModelRunSettings): Promise<ModelRunResult> {
  const started = performance.now();
  const requestedRuns = settings.runs ?? MODEL_DEFAULTS.runs;
  const seedDrawn = settings.seed === "random";
  const seed = settings.seed === "random" ? (Math.random() * 0x7fffffff) | 0 : (settings.seed ?? MODEL_DEFAULTS.seed);
  const declared = declaredBehaviours(settings.ignore ?? [], registered.knownDeviations);
  const observed = new Map<DeclarableBehaviour, { occurrences: number; example: readonly string[] }>();
  const base: {
    requestedRuns: number;
    seed: number;
    seedDrawn: boolean;
    declared: DeclaredOutcome[];
    extended: Capability[];
    slowUnderLoad?: SlowCall[];
  } = {
    requestedRuns,
    seed,
    seedDrawn,
    declared: [],
    extended: [],
  };
  // Sequences are drawn in the same order in every shard; a shard runs its own and lets the others pass unrun.
  let drawn = 0;
  let executed = 0;
  let shrinking = false;
  /** The sequence that failed hung (a call past its timeout): the rest of fast-check's loop (its shrinking) does not run. */
  let hung = false;
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

  // lease.ts's policy: the model run owns every saver it creates, so a failed cleanup is an error of the run, recorded
  // here (never thrown inside the property: fast-check would shrink on it) and reported once the run is done.
  let cleanupFailure: unknown;
  const cleanup: CleanupPolicy = { onCleanupFailure: (error) => (cleanupFailure ??= error) };
  const cleanupLine = () =>
    `the factory's cleanup (the code after yield) failed: ${errorText(cleanupFailure)}${framesBlock(cleanupFailure)}`;
  const budget = settings.budget ?? new TestBudget(1);
  let extended: Set<Capability>;
  try {
    extended = await detectExtended(registered, settings.timeoutMs, cleanup, budget);
  } catch (error) {
    const cause = error instanceof SubjectCreationError ? error.cause : error;
    return finish({
      status: "error",
      runs: 0,
      interrupted: false,
      error: `the factory failed to produce a saver: ${errorText(cause)}${framesBlock(cause)}`,
      thrown: thrownError(cause, "the factory"),
    });
  }
  base.extended = [...extended];

  const replay = parseReplayPath(settings.path);
  let lastFailure: { env: SequenceEnv; error: unknown; commands: SequenceCommand[] } | undefined;
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
      // A hang is not shrunk: each candidate that reproduces it waits the whole timeout (HANG_NOT_PROBED).
      if (hung) return;
      if (!shrinking && !inShard(drawn++, settings.shard)) return;
      if (!shrinking) executed++;
      const env = new SequenceEnv(declared, observe, settings.timeoutMs);
      const sequence = async (saver: BaseCheckpointSaver) => {
        try {
          const setup = (): { model: ModelState; real: RealState } => ({ model: { model: new ReferenceModel(), env }, real: { saver } });
          await runThenReread(setup, commands);
        } catch (error) {
          shrinking = true;
          hung = timedOut(error);
          lastFailure = { env, error, commands: commandsRun(commands) };
          throw error;
        }
      };
      // Inside one slot of the budget, the run's load signal: the saver's factory and cleanup get the grace while other work is in flight.
      await withSubject(registered, { timeoutMs: settings.timeoutMs, load: budget }, sequence, cleanup).catch((error: unknown) => {
        throw error instanceof SubjectCreationError ? error.cause : error;
      });
    },
  );
  const timeLimitMs = settings.timeLimitMs ?? defaultModelTimeLimitMs(requestedRuns, settings.timeoutMs);
  let concurrencyOnly: string | undefined;
  if (budget.size > 1 && settings.path === undefined) {
    const ahead = await runSequencesAtOnce(
      poolsArb.chain(sequenceOf),
      { runs: requestedRuns, seed, timeLimitMs, budget, ...(settings.shard ? { shard: settings.shard } : {}) },
      (commands, observeHere, load) =>
        withSubject(
          registered,
          { timeoutMs: settings.timeoutMs, load: load ?? ALONE },
          (saver: BaseCheckpointSaver) =>
            runThenReread(
              () => ({
                model: { model: new ReferenceModel(), env: new SequenceEnv(declared, observeHere, settings.timeoutMs, load) },
                real: { saver },
              }),
              commands,
            ),
          cleanup,
        ),
    );
    executed = ahead.executed;
    if (ahead.slowUnderLoad.length > 0) base.slowUnderLoad = ahead.slowUnderLoad;
    if (ahead.failed === undefined) {
      for (const [behaviour, example] of ahead.observations) observe(behaviour, example);
      if (cleanupFailure !== undefined)
        return finish({
          status: "error",
          runs: ahead.runs,
          interrupted: ahead.cut,
          error: cleanupLine(),
          thrown: thrownError(cleanupFailure, "the factory's cleanup"),
        });
      if (ahead.cut)
        return finish({ status: "error", runs: ahead.runs, interrupted: true, error: cutShort(timeLimitMs, ahead.runs, requestedRuns) });
      return finish({ status: "passed", runs: ahead.runs, interrupted: false });
    }
    // A disagreement: fast-check's serial loop below runs the same sequences again, finds it and shrinks it.
    const hang = timedOut(ahead.failed.error);
    const failedText = `${errorText(ahead.failed.error)}${causeChainText(ahead.failed.error)}`;
    concurrencyOnly = isTransportErrorText(failedText)
      ? `sequence ${ahead.failed.index + 1} of ${requestedRuns} failed with a lost or refused connection while other sequences ran at once, and agrees when the sequences run one after another: the connection's, not shown to be a bug of the saver; --concurrency 1 runs them one after another.\n${failedText}`
      : hang
        ? `sequence ${ahead.failed.index + 1} of ${requestedRuns} timed out while other sequences or tests ran at once (a call still pending at the end of the grace: a hang, not load), and agrees when the sequences run one after another; --concurrency 1 runs them one after another.\n${errorText(ahead.failed.error)}`
        : `sequence ${ahead.failed.index + 1} of ${requestedRuns} disagreed with the reference model while other sequences ran at once, each on its own saver, and agrees when the sequences run one after another: a concurrency bug of the saver (state shared between its instances?); --concurrency 1 runs them one after another.\n${failedText}`;
    executed = 0;
  }
  // One sequence at a time: one slot of the run's budget.
  const { value: details } = await budget.one(() =>
    fc.check(property, {
      numRuns: requestedRuns,
      seed,
      ...(replay.run !== undefined ? { path: replay.run } : {}),
      interruptAfterTimeLimit: timeLimitMs,
      markInterruptAsFailure: false,
      ...(settings.stopAtFirstDisagreement ? { endOnFailure: true } : {}),
    }),
  );
  const runs = details.numRuns;
  if (!details.failed) {
    if (concurrencyOnly !== undefined)
      return finish({ status: "error", runs: details.numRuns, interrupted: details.interrupted, error: concurrencyOnly });
    if (cleanupFailure !== undefined)
      return finish({
        status: "error",
        runs,
        interrupted: details.interrupted,
        error: cleanupLine(),
        thrown: thrownError(cleanupFailure, "the factory's cleanup"),
      });
    // A run the limit cut short checked less than its budget: never a pass, whatever ran agreed.
    if (details.interrupted) return finish({ status: "error", runs, interrupted: true, error: cutShort(timeLimitMs, runs, requestedRuns) });
    return finish({ status: "passed", runs, interrupted: false });
  }
  if (details.interrupted && runs === 0 && lastFailure === undefined) {
    return finish({ status: "error", runs, interrupted: true, error: cutShort(timeLimitMs, runs, requestedRuns) });
  }
  const error = lastFailure?.error ?? details.errorInstance;
  if (!(error instanceof ModelDisagreement) || lastFailure === undefined) {
    return finish({
      status: "error",
      runs,
      interrupted: details.interrupted,
      error: `a sequence failed outside the comparison: ${errorText(error)}${framesBlock(error)}`,
      thrown: thrownError(error),
    });
  }
  const sequence = details.counterexample ? String(details.counterexample[0]) : "";
  const asFound = { env: lastFailure.env, error, ids: { threads: [], namespaces: [] } };
  const shrunk =
    settings.stopAtFirstDisagreement || hung
      ? undefined
      : await new SequenceReplayer(registered, declared, settings.timeoutMs, cleanup).minimise(lastFailure.commands, error);
  const final = shrunk?.failure ?? asFound;
  const cause =
    settings.stopAtFirstDisagreement || hung
      ? { confirmed: undefined, lines: [hung ? HANG_NOT_PROBED : NOT_PROBED] }
      : // Counted as work in flight: capabilities may still run, and the probes get the grace beside them.
        await budget.step(() =>
          probeCause(
            new ProbeRunner(registered, settings.timeoutMs, budget),
            probeCandidates(final.error, final.env.transcript),
            final.ids,
            final.error.thrown,
          ),
        );
  const confirmed = cause.confirmed;
  // A confirmed cause is filed under its own operation and clause (a putWrites bug that a list() observed is putWrites').
  const refiled = confirmed && confirmed.operation !== final.error.operation && !confirmed.operation.includes("/") ? confirmed : undefined;
  const id = confirmed?.catalogId ?? final.error.id;
  return finish({
    status: "failed",
    runs,
    interrupted: details.interrupted,
    failure: {
      operation: refiled?.operation ?? final.error.operation,
      id,
      ids: [id],
      ...(refiled ? { observedBy: final.error.operation } : {}),
      cause: cleanupFailure === undefined ? cause.lines : [...cause.lines, cleanupLine()],
      lines: final.error.lines,
      reproduction: renderReproduction(registered.name, final.env.transcript, final.error),
      sequence,
      seed: details.seed,
      path: formatReplayPath(details.counterexamplePath ?? "", sequence),
      shrinks: details.numShrinks,
      removedByReplay: lastFailure.commands.length - (shrunk?.commands.length ?? lastFailure.commands.length),
      replays: shrunk?.replays ?? 0,
      ...(final.error.thrown ? { error: final.error.thrown } : {}),
    },
  });
}

/** A sequence ended by a timeout: a call of the saver's, or its factory's or cleanup's. */
function timedOut(error: unknown): boolean {
  if (error instanceof ModelDisagreement) return error.thrown?.name === "TimeoutError";
  return (error instanceof SubjectCreationError ? error.cause : error) instanceof TimeoutError;
}

/** Why a run the time limit cut short is not a pass. */
function cutShort(timeLimitMs: number, runs: number, requestedRuns: number): string {
  return (
    `the time limit (${timeLimitMs} ms) stopped the run after ${runs} of ${requestedRuns} sequences: not a pass, ` +
    "the rest was never checked; raise model.timeLimitMs (or leave it out: the default only stops a saver that stopped making progress)"
  );
}

export type SequenceCommand = fc.AsyncCommand<ModelState, RealState>;

/** The commands of a sequence that ran, unwrapped from fast-check's wrappers (which note `hasRan`). */
function commandsRun(commands: Iterable<SequenceCommand>): SequenceCommand[] {
  return [...commands].filter((c) => (c as { hasRan?: boolean }).hasRan !== false).map((c) => (c as { cmd?: SequenceCommand }).cmd ?? c);
}

/** Most sequences replayed to shrink a failure further than fast-check did (each on a fresh saver). */
const MAX_REPLAYS = 64;

/** Most replays spent cutting loops short (a bisection per loop: about 7 for a thread of 101 puts). */
const MAX_LOOP_REPLAYS = 16;

/** A command that repeats a call and can be rebuilt with fewer repetitions (`repetitions` and `withRepetitions`), else undefined. */
function loopOf(command: SequenceCommand): Loop<SequenceCommand> | undefined {
  const loop = command as Partial<Loop<SequenceCommand>>;
  return typeof loop.repetitions === "number" && typeof loop.withRepetitions === "function" ? (loop as Loop<SequenceCommand>) : undefined;
}

/** Replays command lists on fresh savers and the reference model, to shrink a disagreement further. */
export class SequenceReplayer {
  constructor(
    private readonly registered: RegisteredCheckpointer,
    private readonly declared: ReadonlyMap<DeclarableBehaviour, string>,
    private readonly timeoutMs: number,
    /** Where a replay's failed cleanup goes: the model run's own record (lease.ts's policy). */
    private readonly cleanup: CleanupPolicy,
  ) {}

  /**
   * The failing sequence without every call it does not need: delta debugging
   * keeps a deletion when the disagreement still occurs with the same catalog
   * id; then every loop cut to the fewest repetitions that still disagree.
   */
  async minimise(commands: readonly SequenceCommand[], disagreement: ModelDisagreement) {
    let last: Awaited<ReturnType<SequenceReplayer["replay"]>>;
    const reproduces = async (candidate: readonly SequenceCommand[]) => {
      const replayed = await this.replay(candidate);
      if (replayed?.error.id !== disagreement.id) return false;
      last = replayed;
      return true;
    };
    const kept = await minimise(commands, reproduces, MAX_REPLAYS);
    // Then each loop left (a long thread's puts) to the fewest repetitions that still disagree.
    const loops = await shrinkLoops(kept.items, loopOf, reproduces, MAX_LOOP_REPLAYS);
    const [items, replays] = [loops.items, kept.replays + loops.replays];
    // The reproduction's transcript and ids come from a replay of exactly the kept calls.
    const failure = (await this.replay(items)) ?? last;
    return failure?.error.id === disagreement.id ? { commands: items, replays, failure } : undefined;
  }

  /** One replay on a fresh saver and model: the disagreement it ends in (with its transcript and ids), if any. */
  async replay(commands: readonly SequenceCommand[]) {
    const env = new SequenceEnv(this.declared, () => undefined, this.timeoutMs);
    const run = async (saver: BaseCheckpointSaver) => {
      const recorder = recordIds(saver);
      try {
        await runThenReread(() => ({ model: { model: new ReferenceModel(), env }, real: { saver: recorder.saver } }), commands);
        return undefined;
      } catch (error) {
        return error instanceof ModelDisagreement ? { env, error, ids: recorder.sample() } : undefined;
      }
    };
    // A factory that fails here only stops the shrinking: the disagreement already found stands. So the replays
    // get no grace, even beside capabilities still in flight: under load they shrink less, and that is all.
    return withSubject(this.registered, { timeoutMs: this.timeoutMs, load: ALONE }, run, this.cleanup).catch((error: unknown) => {
      if (error instanceof SubjectCreationError) return undefined;
      throw error;
    });
  }
}

/**
 * The modelled extended capabilities the saver has (and the registration does not skip). Alongside the
 * capabilities, the detection's saver is made while theirs are: its factory and cleanup are work in flight of
 * the run's `budget`, judged by the grace rule as theirs are (src/runtime/slow-call.ts).
 */
async function detectExtended(
  registered: RegisteredCheckpointer,
  timeoutMs: number,
  cleanup: CleanupPolicy,
  budget: TestBudget,
): Promise<Set<Capability>> {
  return withSubject(
    registered,
    { timeoutMs, load: budget.subjectStepsLoad() },
    async (saver) => {
      // The inherited getDeltaChannelHistory is real code LangGraph calls, so it is modelled too.
      const runs = (kind: string) => kind === "detected" || kind === "inherited";
      const has = (cap: Capability) => runs(detectCapability(saver, cap).kind) && !registered.skipCapabilities.has(cap);
      return new Set(CAPABILITIES.map((c) => c.id as Capability).filter((cap) => MODELLED_EXTENDED.includes(cap) && has(cap)));
    },
    cleanup,
  );
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
