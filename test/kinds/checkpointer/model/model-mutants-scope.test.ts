import { beforeAll, describe, expect, it } from "vitest";
import { checkpointerTest, validate } from "../../../../src/index.js";
import {
  OutsideVocabularyError,
  VOCABULARY,
  VocabularyGuard,
  type SaverCall,
} from "../../../../src/kinds/checkpointer/model/vocabulary.js";
import type { ModelRunResult } from "../../../../src/kinds/checkpointer/model/run-model.js";
import { BASELINE_PROFILES, BASELINES, type BaselineName } from "../../../fixtures/baselines.js";
import { testsNamed } from "../../../mutants/harness.js";
import type { Mutant } from "../../../mutants/types.js";
import { recordedSequences } from "./catching-sequences.js";
import {
  ignoringUnhandledRejections,
  KNOWN_MISSES,
  modelledMutants,
  NEVER_DRAWN,
  OUT_OF_SCOPE,
  recording,
  runFromTheFirstSequence,
  runModelOn,
  runSequenceAlone,
  SEARCHED_FROM_THE_FIRST_SEQUENCE,
} from "./model-mutants.js";
import { OUTSIDE } from "./vocabulary-examples.js";

/** A sequence (or the sequences from the first up to one) that caught mutants of a baseline. */
interface CatchingRun {
  baseline: BaselineName;
  sequence: number;
  /** The proof searches from the first sequence: the baseline runs sequences 1 to `sequence`. */
  fromTheFirst: boolean;
  mutants: string[];
}

let mutants: Mutant[];
const baselineOf = (mutant: Mutant): BaselineName => mutant.baseline ?? "memory";
const catchingRuns = new Map<string, CatchingRun>();
/** Each catching run on which the correct baseline did not pass, as a line naming the mutants, the baseline and the sequence. */
const disagreements: string[] = [];
const extendedOf = new Map<string, string[]>();
/** How often each never-drawn input reached the baseline during the spec tests that catch its mutant. */
const drawnBySpec = new Map<string, number>();

/** The runs that caught each mutant the model catches: its recorded sequence, or every sequence up to the catching one. */
async function catchingRunsOf(caught: readonly Mutant[]): Promise<void> {
  const recorded = recordedSequences();
  for (const mutant of caught) {
    const fromTheFirst = mutant.name in SEARCHED_FROM_THE_FIRST_SEQUENCE;
    const search = fromTheFirst ? await runFromTheFirstSequence(mutant.name, () => mutant.create()) : undefined;
    // A mutant not caught, or caught at no recorded sequence, fails its part file (model-mutants-N.test.ts).
    const sequence = search ? (search.status === "failed" ? search.runs : undefined) : recorded.get(mutant.name);
    if (sequence === undefined) continue;
    const key = JSON.stringify([baselineOf(mutant), sequence, fromTheFirst]);
    if (!catchingRuns.has(key)) catchingRuns.set(key, { baseline: baselineOf(mutant), sequence, fromTheFirst, mutants: [] });
    catchingRuns.get(key)!.mutants.push(mutant.name);
  }
}

const ranAsAsked = (run: CatchingRun, result: ModelRunResult) =>
  result.status === "passed" && (run.fromTheFirst ? result.runs === run.sequence : result.executed === 1);

beforeAll(async () => {
  mutants = await modelledMutants();
  await ignoringUnhandledRejections(() => catchingRunsOf(mutants.filter((m) => !(m.name in KNOWN_MISSES))));
  // The same calls as the proofs', on the correct baseline the mutants derive from.
  for (const run of catchingRuns.values()) {
    const create = BASELINES[run.baseline];
    const result = run.fromTheFirst
      ? await runFromTheFirstSequence(run.baseline, create, run.sequence)
      : await runSequenceAlone(run.baseline, create, run.sequence);
    if (ranAsAsked(run, result)) continue;
    const which = run.fromTheFirst ? `sequences 1 to ${run.sequence}` : `sequence ${run.sequence}`;
    disagreements.push(
      `${run.mutants.join(", ")}: the baseline ${run.baseline} ${result.status} on ${which}: ${result.failure?.lines[0] ?? result.error ?? ""}`,
    );
  }
  for (const mutant of mutants.filter((m) => m.name in NEVER_DRAWN)) {
    const baseline = baselineOf(mutant);
    // A never-drawn input must be one the mutant's own spec tests give: else the rule could be a predicate that never matches.
    let count = 0;
    const create = recording(BASELINES[baseline], (call) => void (VOCABULARY[NEVER_DRAWN[mutant.name]!].outside(call) && count++));
    await validate(checkpointerTest({ name: baseline, profile: BASELINE_PROFILES[baseline] }, create), {
      graph: false,
      model: false,
      retries: 0,
      grep: testsNamed(mutant.catches),
    });
    drawnBySpec.set(mutant.name, count);
    // The sequences depend on the extended operations the run detects: a mutant must detect its baseline's.
    for (const [name, creates] of [
      [mutant.name, () => mutant.create()],
      [baseline, BASELINES[baseline]],
    ] as const) {
      if (!extendedOf.has(name)) extendedOf.set(name, (await runModelOn(name, creates, { runs: 1 })).extended);
    }
  }
}, 1_500_000);

/** The rule whose check rejects `call` on a saver watched by the vocabulary's guard, if any. */
function ruleRejecting(call: SaverCall): string | undefined {
  const saver = { [call.method]: () => undefined };
  try {
    (new VocabularyGuard().watch(saver) as Record<string, (...args: unknown[]) => unknown>)[call.method]!(...call.args);
    return undefined;
  } catch (error) {
    if (error instanceof OutsideVocabularyError) return error.rule;
    throw error;
  }
}

describe("the model mode alone: its baselines and the mutants outside its reach", () => {
  it("agrees with each correct baseline on every sequence that catches one of its mutants", () => {
    expect(catchingRuns.size, "the caught mutants' recorded sequences (catching-sequences/part-N.json)").toBeGreaterThan(0);
    expect(disagreements, "a catch is a bug of the mutant only if its baseline passes the same sequence").toEqual([]);
  });

  // The part files assert each mutant's outcome against KNOWN_MISSES, so the share follows from the list.
  it("catches at least 90 % of the mutants in its contract", () => {
    const inScope = mutants.filter((m) => !KNOWN_MISSES[m.name]?.startsWith(OUT_OF_SCOPE));
    const caught = inScope.filter((m) => !(m.name in KNOWN_MISSES)).length;
    expect(caught / inScope.length, `${caught}/${inScope.length}`).toBeGreaterThanOrEqual(0.9);
  });

  it.each(Object.entries(NEVER_DRAWN).map(([name, rule]) => [name, VOCABULARY[rule].input, rule]))(
    "%s is missed by construction: %s is outside the generators' vocabulary (rule %s)",
    (name, input, rule) => {
      const mutant = mutants.find((m) => m.name === name);
      expect(mutant, `${name} is a modelled mutant`).toBeDefined();
      expect(KNOWN_MISSES[name], "a never-drawn mutant is a known miss, with its reason").toBeDefined();
      expect(ruleRejecting(OUTSIDE[rule]), `every model run rejects a call with ${input}`).toBe(rule);
      expect(extendedOf.get(name), "the mutant's sequences are its baseline's").toEqual(extendedOf.get(baselineOf(mutant!)));
      expect(drawnBySpec.get(name), `the spec tests that catch ${name} give ${input}`).toBeGreaterThan(0);
    },
  );
});
