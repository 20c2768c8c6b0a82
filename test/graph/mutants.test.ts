import { describe, expect, it } from "vitest";
import { GRAPH_SCENARIOS } from "../../src/graph/scenarios/index.js";
import { loadGraphMutants } from "../mutants/graph/load.js";
import { failedCases, registerSaver, runGraph } from "./helpers.js";

const mutants = await loadGraphMutants();

describe("graph mutants: savers with one bug that graph scenarios catch", () => {
  it("every scenario catches at least one mutant", () => {
    const caught = new Set(mutants.flatMap((m) => m.catches));
    expect(GRAPH_SCENARIOS.map((s) => s.id).filter((id) => !caught.has(id))).toEqual([]);
  });

  it.each(mutants.map((m) => [m.name, m] as const))("%s fails every scenario it declares, each with an explanation", async (_, mutant) => {
    const section = await runGraph(registerSaver(mutant.name, () => mutant.create()), { scenarios: mutant.catches });
    const failed = new Set(failedCases(section).map((r) => r.scenario));
    expect([...mutant.catches].filter((id) => !failed.has(id))).toEqual([]);
    for (const r of failedCases(section)) expect(r.message).toMatch(/differs from MemorySaver at step \d+ .*\n[\s\S]*likely cause: /);
  }, 300_000);
});
