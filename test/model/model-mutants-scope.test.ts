import { beforeAll, describe, expect, it } from "vitest";
import { checkpointerTest, validate } from "../../src/index.js";
import { BASELINE_PROFILES, BASELINES, type BaselineName } from "../fixtures/baselines.js";
import { testsNamed } from "../mutants/harness.js";
import type { Mutant } from "../mutants/types.js";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { KNOWN_MISSES, modelled, modelledMutants, NEVER_DRAWN, OUT_OF_SCOPE, recording, RUNS, runModelOn, type SaverCall } from "./model-mutants.js";

/** What a baseline's run at the proof's settings showed: its verdict, and which never-drawn inputs its savers got after all. */
interface BaselineRun {
  status: string;
  runs: number;
  extended: string[];
  drawn: Map<string, number>;
}

let mutants: Mutant[];
const baselines = new Map<BaselineName, BaselineRun>();
const mutantExtended = new Map<string, string[]>();
/** How often each never-drawn input reached the baseline during the spec tests that catch its mutant. */
const drawnBySpec = new Map<string, number>();

beforeAll(async () => {
  mutants = await modelledMutants();
  const baselineOf = (name: string) => mutants.find((m) => m.name === name)?.baseline ?? "memory";
  for (const [name, create] of Object.entries(BASELINES) as [BaselineName, () => BaseCheckpointSaver][]) {
    if (!modelled(name)) continue;
    const watched = Object.entries(NEVER_DRAWN).filter(([mutant]) => baselineOf(mutant) === name);
    const drawn = new Map(watched.map(([mutant]) => [mutant, 0]));
    const onCall = (call: SaverCall, earlier: readonly SaverCall[]) => {
      for (const [mutant, { matches }] of watched) if (matches(call, earlier)) drawn.set(mutant, drawn.get(mutant)! + 1);
    };
    // The mutants' own settings and sequences, all of them: no time limit cuts this run short.
    const result = await runModelOn(name, recording(create, onCall), { timeLimitMs: 1_200_000 });
    baselines.set(name, { status: result.status, runs: result.runs, extended: result.extended, drawn });
  }
  // A never-drawn input must be one the mutant's own spec tests give: else "never drawn" could be a predicate that never matches.
  for (const mutant of mutants.filter((m) => m.name in NEVER_DRAWN)) {
    const baseline = mutant.baseline ?? "memory";
    let count = 0;
    const create = recording(BASELINES[baseline], (call, earlier) => void (NEVER_DRAWN[mutant.name].matches(call, earlier) && count++));
    await validate(checkpointerTest({ name: baseline, profile: BASELINE_PROFILES[baseline] }, create), { graph: false, model: false, retries: 0, grep: testsNamed(mutant.catches) });
    drawnBySpec.set(mutant.name, count);
  }
  // The sequences depend on the extended operations the run detects: a mutant must detect its baseline's.
  for (const mutant of mutants.filter((m) => m.name in NEVER_DRAWN)) {
    mutantExtended.set(mutant.name, (await runModelOn(mutant.name, () => mutant.create(), { runs: 1 })).extended);
  }
}, 1_500_000);

describe("the model mode alone: its baselines and the mutants outside its reach", () => {
  it("agrees with every correct baseline the mutants derive from, over every sequence the mutants get", () => {
    expect([...baselines].filter(([, b]) => b.status !== "passed" || b.runs !== RUNS).map(([name, b]) => `${name}: ${b.status} after ${b.runs}`)).toEqual([]);
  });

  // The part files assert each mutant's outcome against KNOWN_MISSES, so the share follows from the list.
  it("catches at least 90 % of the mutants in its contract", () => {
    const inScope = mutants.filter((m) => !KNOWN_MISSES[m.name]?.startsWith(OUT_OF_SCOPE));
    const caught = inScope.filter((m) => !(m.name in KNOWN_MISSES)).length;
    expect(caught / inScope.length, `${caught}/${inScope.length}`).toBeGreaterThanOrEqual(0.9);
  });

  it.each(Object.entries(NEVER_DRAWN).map(([name, { input }]) => [name, input]))("%s is missed by construction: no sequence gives its baseline %s", (name, input) => {
    const mutant = mutants.find((m) => m.name === name);
    expect(mutant, `${name} is a modelled mutant`).toBeDefined();
    expect(KNOWN_MISSES[name], "a never-drawn mutant is a known miss, with its reason").toBeDefined();
    const baseline = baselines.get(mutant!.baseline ?? "memory")!;
    expect(mutantExtended.get(name), "the mutant's sequences are its baseline's").toEqual(baseline.extended);
    expect(baseline.drawn.get(name), `calls with ${input}`).toBe(0);
    expect(drawnBySpec.get(name), `the spec tests that catch ${name} give ${input}`).toBeGreaterThan(0);
  });
});
