import { beforeAll, describe, expect, it } from "vitest";
import { runStoreMutation, type StoreMutationResult } from "./store-mutants/harness.js";

let result: StoreMutationResult;

beforeAll(async () => {
  result = await runStoreMutation();
}, 600_000);

describe("store mutants prove that every store spec test can fail", () => {
  it("the reference store passes every store spec test", () => {
    expect(result.baselineNotPassed).toEqual([]);
  });

  it("every store spec test catches at least one mutant", () => {
    const uncaught = result.allTests.filter((k) => (result.catchers.get(k) ?? []).length === 0);
    expect(uncaught).toEqual([]);
  });

  it("every mutant fails the tests it declares, and at least one", () => {
    for (const { mutant, caught } of result.mutants) {
      expect(caught.size, `${mutant.name} is caught by no store spec test`).toBeGreaterThan(0);
      const missed = mutant.catches.filter((name) => ![...caught].some((k) => k.endsWith(`/${name}`)));
      expect(missed, `${mutant.name} (${mutant.bug}) should be caught by`).toEqual([]);
    }
  });
});
