import { beforeAll, describe, expect, it } from "vitest";
import { runMutation, type MutationResult } from "./mutants/harness.js";

let result: MutationResult;

beforeAll(async () => {
  // Each mutant runs the tests it declares (`npm run mutants` runs them all): a test no mutant declares catches nothing here and fails the first check.
  result = await runMutation("declared");
}, 600_000);

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
