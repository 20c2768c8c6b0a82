import { describe, expect, it } from "vitest";
import { checkpointerTest } from "../../../../src/index.js";
import { MODEL_DEFAULTS } from "../../../../src/kinds/checkpointer/model/options.js";
import { runModel } from "../../../../src/kinds/checkpointer/model/run-model.js";
import { loadMutants } from "../../../mutants/load.js";

/**
 * Issue 24's generators at the DEFAULT budget (20 sequences, seed 42, no options):
 * a saver that reads back what Python LangGraph wrote differently (versions as
 * numbers, timestamps through a Date, steps in an int32) or compares ids ignoring
 * trailing spaces fails the model mode alone. The other kinds' mutants need the
 * proof's budget (model-mutants-*.test.ts).
 */
const CAUGHT_BY_DEFAULT = [
  "val-versions-in-a-float-column",
  "val-timestamps-as-js-dates",
  "val-step-in-an-int32-column",
  "key-pad-space-ids",
];
const mutants = (await loadMutants()).filter((m) => CAUGHT_BY_DEFAULT.includes(m.name));

describe("the default model run draws what other writers and padded ids give (issue 24)", () => {
  it("has each mutant", () => expect(mutants.map((m) => m.name).sort()).toEqual([...CAUGHT_BY_DEFAULT].sort()));

  it.each(mutants.map((m) => [m.name, m] as const))("%s", async (_name, mutant) => {
    const result = await runModel(
      checkpointerTest({ name: mutant.name }, () => mutant.create()),
      { timeoutMs: 5_000 },
    );
    expect(result.requestedRuns).toBe(MODEL_DEFAULTS.runs);
    expect(result.status, `${mutant.bug}: ${result.error ?? ""}`).toBe("failed");
  });
});
