import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { fakeEmbeddings, type StoreKindOptions } from "../../src/kinds/store/index.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { mapBounded } from "../../src/util/bounded.js";
import { loadNamedModules } from "../mutants/load-named-modules.js";
import { runStoreSpec, type StoreTestResult } from "../kinds/store/run-store-spec.js";
import { MUTANT_DIMS, type StoreMutant } from "./types.js";

/** The stores are in memory: a mutant's run is mostly its TTL tests' waits, which overlap. */
const MUTANTS_AT_ONCE = 8;

/** The index and TTL every store mutant is declared with (TTL for its `ttl` ones only). */
export const INDEX = { dims: MUTANT_DIMS, embed: fakeEmbeddings(MUTANT_DIMS) };
export const TTL: StoreKindOptions["ttl"] = {
  unit: "seconds",
  put: (store, ns, key, value, ttl) => (store as ReferenceStore).putWithTtl(ns, key, value, ttl),
};

function run(create: () => BaseStore, withTtl: boolean): Promise<StoreTestResult[]> {
  return runStoreSpec(
    async () => ({ store: create(), release: async () => undefined }),
    withTtl ? { index: INDEX, ttl: TTL } : { index: INDEX },
  ).then((run) => run.results);
}

export interface StoreMutationResult {
  mutants: { mutant: StoreMutant; caught: Set<string> }[];
  /** Every store spec test, `capability/test_name`. */
  allTests: string[];
  /** Tests that did not pass on the reference store (must be none). */
  baselineNotPassed: string[];
  /** Spec test -> the mutants it catches. */
  catchers: Map<string, string[]>;
}

/**
 * Runs the store spec on the reference store and on every mutant. A test
 * catches a mutant when it passes on the reference store and fails on the
 * mutant (advisory tests included: they must be able to fail too).
 */
export async function runStoreMutation(): Promise<StoreMutationResult> {
  const mutants = await loadNamedModules<StoreMutant>(import.meta.url, ".mutant.ts", "a StoreMutant");
  const baseline = await run(() => new ReferenceStore({ index: { dims: MUTANT_DIMS } }), true);
  const passed = new Set(baseline.filter((r) => r.status === "passed").map((r) => r.key));
  const catchers = new Map<string, string[]>(baseline.map((r) => [r.key, []]));
  const results: StoreMutationResult["mutants"] = await mapBounded(mutants, MUTANTS_AT_ONCE, async (mutant) => {
    const outcome = await run(() => mutant.create(), mutant.ttl ?? false);
    return { mutant, caught: new Set(outcome.filter((r) => r.status === "failed" && passed.has(r.key)).map((r) => r.key)) };
  });
  for (const { mutant, caught } of results) for (const key of caught) catchers.get(key)?.push(mutant.name);
  return {
    mutants: results,
    allTests: baseline.map((r) => r.key),
    baselineNotPassed: baseline.filter((r) => r.status !== "passed").map((r) => `${r.key}: ${r.status} ${r.message ?? ""}`),
    catchers,
  };
}
