import { beforeAll, describe, expect, it } from "vitest";
import { runMutation, type MutationResult } from "./mutants/harness.js";

let result: MutationResult;

beforeAll(async () => {
  result = await runMutation();
}, 900_000); // every spec test on every mutant, on a shared 2-core machine (600 s ran out under load with issue 24's mutants)

describe("mutants prove that every spec test can fail", () => {
  it("every spec test catches at least one mutant", () => {
    const uncaught = result.allTests.filter((k) => (result.catchers.get(k) ?? []).length === 0);
    expect(uncaught).toEqual([]);
  });

  it("every mutant fails the tests it declares, and at least one", () => {
    for (const { mutant, caught } of result.mutants) {
      expect(caught.size, `${mutant.name} is caught by no spec test`).toBeGreaterThan(0);
      const missed = mutant.catches.map((name) => [...caught].find((k) => k.endsWith(`/${name}`)) ?? name).filter((k) => !caught.has(k));
      expect(missed, `${mutant.name} (${mutant.bug}) should be caught by`).toEqual([]);
    }
  });
});
