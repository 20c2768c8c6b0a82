import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { runDifferential, variantsOf } from "../../src/graph/differential.js";
import { loadLangGraph, type LangGraph } from "../../src/graph/langgraph.js";
import { GRAPH_SCENARIOS } from "../../src/graph/scenarios/index.js";
import { explainDivergence } from "../../src/graph/compare.js";
import { loadProductMutants } from "../mutants/product/load.js";

const mutants = await loadProductMutants();
const loaded = await loadLangGraph();
if (!loaded.ok) throw new Error(loaded.reason);
const lg: LangGraph = loaded.module;
const PRODUCT = GRAPH_SCENARIOS.filter((s) => s.uses !== undefined);
const byId = (id: string) => PRODUCT.find((s) => s.id === id)!;

describe("product scenarios: checkpointer × store × cache", () => {
  it("are G23 to G28, each declaring the subjects it uses", () => {
    expect(PRODUCT.map((s) => [s.id, s.uses])).toEqual([
      ["G23", { store: true }],
      ["G24", { store: true }],
      ["G25", { store: true }],
      ["G26", { cache: true }],
      ["G27", { cache: true }],
      ["G28", { cache: true }],
    ]);
  });

  it.each(PRODUCT.map((s) => [s.id, s] as const))(
    "%s: memory × memory × memory agrees with itself, with and without a cache",
    async (_, scenario) => {
      for (const cache of [undefined, null]) {
        const run = await runDifferential(
          scenario,
          variantsOf(scenario)[0],
          lg,
          new MemorySaver(),
          {},
          { store: new lg.InMemoryStore(), cache },
        );
        expect(run.divergence && explainDivergence(run.divergence)).toBeUndefined();
      }
    },
    60_000,
  );

  it("the cached scenarios see the cache: counts as in func.test.ts (3, 3, then 6 after clearCache), and more calls without a cache", async () => {
    const counts = async (id: string, cache: null | undefined) => {
      const run = await runDifferential(byId(id), variantsOf(byId(id))[0], lg, new MemorySaver(), {}, { cache });
      return run.actual.filter((e) => /calls/.test(e.label)).map((e) => e.value);
    };
    expect(await counts("G26", undefined)).toEqual([3, 3, 6, { double: 6 }]);
    expect(await counts("G26", null)).toEqual([3, 6, 9, { double: 9 }]);
    expect(await counts("G28", undefined)).toEqual([1, 2, { slow: 2 }]);
  }, 60_000);

  it("every product scenario catches at least one store or cache mutant", () => {
    const caught = new Set(mutants.flatMap((m) => m.catches));
    expect(PRODUCT.map((s) => s.id).filter((id) => !caught.has(id))).toEqual([]);
  });

  it.each(mutants.map((m) => [m.name, m] as const))(
    "%s diverges from memory × memory × memory in every scenario it declares",
    async (_, mutant) => {
      for (const id of mutant.catches) {
        const scenario = byId(id);
        const subjects = {
          ...(mutant.createStore ? { store: mutant.createStore() } : {}),
          ...(mutant.createCache ? { cache: mutant.createCache() } : {}),
        };
        const run = await runDifferential(scenario, variantsOf(scenario)[0], lg, new MemorySaver(), {}, subjects);
        expect(run.divergence, `${mutant.name} should diverge in ${id}`).toBeDefined();
      }
    },
    60_000,
  );
});
