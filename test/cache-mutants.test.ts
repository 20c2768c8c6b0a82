import { beforeAll, describe, expect, it } from "vitest";
import { CACHE_SPECS } from "../src/kinds/cache/index.js";
import { mapBounded } from "../src/util/bounded.js";
import { ReferenceCache } from "./kinds/cache/reference-cache.js";
import { keysWith } from "./kinds/run-kind.js";
import { runCacheSpec } from "./kinds/cache/run-cache-spec.js";
import { loadCacheMutants } from "./cache-mutants/load.js";
import type { CacheMutant } from "./cache-mutants/types.js";

/** Every mutant runs with TTL declared, like its baseline, so the ttl tests run on all of them. */
const OPTIONS = { ttl: true } as const;

let baselinePassed: Set<string>;
let runs: { mutant: CacheMutant; caught: Set<string> }[];
const allTests = Object.values(CACHE_SPECS).flatMap((spec) => spec!.tests.map((t) => `${spec!.capability}/${t.name}`));

beforeAll(async () => {
  const baseline = await runCacheSpec({ name: "reference", create: () => new ReferenceCache(), options: OPTIONS });
  baselinePassed = new Set(keysWith(baseline.results, "passed"));
  // The caches are in memory: a mutant's run is mostly its TTL tests' waits, which overlap.
  runs = await mapBounded(await loadCacheMutants(), 8, async (mutant) => {
    const failed = keysWith((await runCacheSpec({ name: mutant.name, create: () => mutant.create(), options: OPTIONS })).results, "failed");
    return { mutant, caught: new Set(failed.filter((k) => baselinePassed.has(k))) };
  });
}, 600_000);

describe("cache mutants prove that every cache spec test can fail", () => {
  it("the reference cache passes every cache spec test", () => {
    expect(allTests.filter((k) => !baselinePassed.has(k))).toEqual([]);
  });

  it("every cache spec test catches at least one mutant", () => {
    const uncaught = allTests.filter((k) => !runs.some((r) => r.caught.has(k)));
    expect(uncaught).toEqual([]);
  });

  it("every mutant fails the tests it declares, and at least one", () => {
    for (const { mutant, caught } of runs) {
      expect(caught.size, `${mutant.name} is caught by no cache spec test`).toBeGreaterThan(0);
      const missed = mutant.catches.filter((name) => ![...caught].some((k) => k.endsWith(`/${name}`)));
      expect(missed, `${mutant.name} (${mutant.bug}) should be caught by`).toEqual([]);
    }
  });
});
