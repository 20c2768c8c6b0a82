import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { caseId, runDifferential, variantsOf } from "../../src/graph/differential.js";
import { loadLangGraph, type LangGraph } from "../../src/graph/langgraph.js";
import { GRAPH_SCENARIOS } from "../../src/graph/scenarios/index.js";

/** Written by `npx tsx scripts/graph-determinism.ts 20` (20 full runs take minutes, too long for every test run). */
const recorded = JSON.parse(readFileSync(new URL("../fixtures/graph-determinism.json", import.meta.url), "utf8")) as {
  runs: number;
  langgraph: string;
  cases: string[];
  divergences: unknown[];
};

describe("graph scenarios are deterministic (MemorySaver against MemorySaver)", () => {
  it("the recorded 20 runs in a row had no divergence", () => {
    expect(recorded.runs).toBeGreaterThanOrEqual(20);
    expect(recorded.divergences).toEqual([]);
  });

  it("the recording covers today's scenario cases and langgraph version (else re-run the script)", () => {
    expect(recorded.cases).toEqual(GRAPH_SCENARIOS.flatMap((s) => variantsOf(s).map((v) => caseId(s, v))));
    const installed = (createRequire(import.meta.url)("@langchain/langgraph/package.json") as { version: string }).version;
    expect(recorded.langgraph).toBe(installed);
  });
});

describe("the MemorySaver reference of a case", () => {
  it("runs once per process and case (with and without a cache apart); each caller gets its own copy", async () => {
    const loaded = await loadLangGraph();
    if (!loaded.ok) throw new Error(loaded.reason);
    const lg = loaded.module;
    let references = 0;
    const counting = {
      ...lg,
      MemorySaver: class extends lg.MemorySaver {
        constructor() {
          super();
          references++;
        }
      },
    } as LangGraph;
    const scenario = GRAPH_SCENARIOS[0]!;
    const variant = variantsOf(scenario)[0]!;
    const first = await runDifferential(scenario, variant, counting, new lg.MemorySaver());
    first.expected.length = 0;
    const second = await runDifferential(scenario, variant, counting, new lg.MemorySaver());
    expect(references).toBe(1);
    expect(second.expected.length).toBeGreaterThan(0);
    expect(second.divergence).toBeUndefined();
    await runDifferential(scenario, variant, counting, new lg.MemorySaver(), {}, { cache: null });
    expect(references).toBe(2);
  });
});
