import { describe, expect, it } from "vitest";
import { runStoreModel } from "../../../../src/kinds/store/index.js";
import { ISSUE_40_STORE_MUTANTS } from "./issue-40-store-mutants.js";

/**
 * Issue 40 item 3, for stores: the default store model run (20 sequences, seed 42) catches a store that finds
 * Object.prototype's members under prototype-named keys, and one whose get creates the namespace it reads, right
 * after the get (each get of a sequence also reads a prototype-named key of its namespace and lists under it).
 */
const NEW_INPUT: Record<string, RegExp> = {
  "plain-object-keys": /store\.get\(\[[^\]]*\], "(__proto__|constructor|toString|hasOwnProperty)"\)\); \/\/ never put/,
  "get-creates-namespace": /store\.listNamespaces\(/,
};

describe("the default store model run catches issue 40's store bugs", () => {
  it.each(ISSUE_40_STORE_MUTANTS.map((m) => [m.name, m] as const))("%s", async (name, mutant) => {
    const result = await runStoreModel(async () => ({ store: mutant.create(), release: async () => undefined }), { seed: 42 });
    expect(result.requestedSequences).toBe(20);
    expect(result.status, mutant.bug).toBe("failed");
    expect(result.failure!.reproduction).toMatch(NEW_INPUT[name]!);
  });
});
