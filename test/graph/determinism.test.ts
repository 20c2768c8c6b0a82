import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { caseId, variantsOf } from "../../src/graph/differential.js";
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
