import { describe, expect, it } from "vitest";
import { GRAPH_SCENARIOS } from "../../src/graph/scenarios/index.js";
import { loadGraphMutants } from "../mutants/graph/load.js";
import { validate } from "../../src/index.js";
import { failedCases, registerSaver, runGraph } from "./helpers.js";

const mutants = await loadGraphMutants();

describe("graph mutants: savers with one bug that graph scenarios catch", () => {
  it("every scenario catches at least one mutant (product scenarios: a store or cache mutant, test/graph/product-mutants.test.ts)", () => {
    const caught = new Set(mutants.flatMap((m) => m.catches));
    expect(
      GRAPH_SCENARIOS.filter((s) => s.uses === undefined)
        .map((s) => s.id)
        .filter((id) => !caught.has(id)),
    ).toEqual([]);
  });

  const storageBlind = mutants.filter((m) => m.passesStorageSpecs);

  // Each storage-blind mutant is checked below to really pass the storage suites. The KEY and latest-only
  // tests now catch delete-thread-by-prefix and writes-need-checkpoint at storage level, ORD-11 catches
  // blobs-by-version and ORD-10 latest-by-step, leaving one.
  it("some of them pass every storage-level spec test: only a graph shows their bug", () => {
    expect(storageBlind.map((m) => m.name).sort()).toEqual(["strips-nul"]);
  });

  it.each(storageBlind.map((m) => [m.name, m] as const))(
    "%s passes every storage-level spec test",
    async (_, mutant) => {
      const report = await validate(
        registerSaver(mutant.name, () => mutant.create()),
        { timeoutMs: 5_000 },
      );
      expect(report.failures().map((f) => `${f.capability}/${f.test.name}`)).toEqual([]);
    },
    120_000,
  );

  it.each(mutants.map((m) => [m.name, m] as const))(
    "%s fails every scenario it declares, each with an explanation",
    async (_, mutant) => {
      const section = await runGraph(
        registerSaver(mutant.name, () => mutant.create()),
        { scenarios: mutant.catches },
      );
      const failed = new Set(failedCases(section).map((r) => r.scenario));
      expect([...mutant.catches].filter((id) => !failed.has(id))).toEqual([]);
      for (const r of failedCases(section))
        expect(r.message).toMatch(
          /differs from MemorySaver at step \d+ .*\n[\s\S]*\n(confirmed by probe|cause not known: no targeted probe failed)[\s\S]*\nlegend: /,
        );
    },
    300_000,
  );
});
