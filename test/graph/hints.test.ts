import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, ConformanceReport } from "../../src/index.js";
import { GRAPH_LEGEND } from "../../src/graph/legend.js";
import { ProbeRunner } from "../../src/diagnosis/run-probes.js";
import { ALONE } from "../../src/runtime/lease.js";
import { PROBES } from "../../src/kinds/checkpointer/probes/index.js";
import { idsProbe } from "../../src/kinds/checkpointer/probes/ids.js";
import colonSplitsIds from "../mutants/graph/colon-splits-ids.graph-mutant.js";
import specialOverwritesRegular from "../mutants/graph/special-overwrites-regular.graph-mutant.js";
import filterComparesText from "../mutants/graph/filter-compares-text.graph-mutant.js";
import type { GraphMutant } from "../mutants/graph/types.js";
import { failedCases, runGraph } from "./helpers.js";

/** A registration of the mutant that counts the savers its factory made. */
function counted(mutant: GraphMutant) {
  const made = { count: 0 };
  const registered = checkpointerTest({ name: mutant.name }, () => (made.count++, mutant.create()));
  return { registered, made };
}

describe("graph failures name a clause only when its targeted probe confirms it", () => {
  it("a saver that splits ids at ':' is told the id round-trip clause, with what the probe saw; each probe runs once for the section", async () => {
    const { registered, made } = counted(colonSplitsIds);
    const section = await runGraph(registered, { scenarios: ["G19", "G20"] });
    const failed = failedCases(section);
    expect(failed.map((r) => r.scenario).sort()).toEqual(["G19", "G20"]);
    for (const r of failed) {
      expect(r.divergence?.clause).toBe("ids");
      expect(r.message).toMatch(/\nconfirmed by probe ids \(round-trip of the run's thread ids/);
      expect(r.message).toMatch(
        /getTuple\(\) of thread "[0-9a-f-]{36}:t2?" \(latest; look-alike ids stored next to it\): expected "the checkpoint of thread .*", observed "the checkpoint of thread /,
      );
      expect(r.message).toMatch(
        /clause \[KEY-01, put\(\) \/ getTuple\(\) \/ list\(\)\]: thread ids, namespaces and checkpoint ids are stored as given/,
      );
      expect(r.message).not.toMatch(/cause not known/);
      expect(r.message.endsWith(GRAPH_LEGEND)).toBe(true);
    }
    // Two cases (one saver each) and each distinct probe once: the second case's probes came from the cache.
    expect(made.count).toBeLessThanOrEqual(2 + PROBES.length);
    // One confirmed clause is one cause, whatever field each case diverged on.
    const causes = new ConformanceReport({ subjectName: "colon", results: {}, sections: [section] }).causes();
    expect(causes).toHaveLength(1);
    expect(causes[0].failures.map((f) => f.label).sort()).toEqual(failed.map((r) => `graph › ${r.id}`).sort());
    expect(causes[0].title).toMatch(/^graph: confirmed by probe \(ids\): thread ids, namespaces and checkpoint ids are stored as given/);
  }, 120_000);

  it("a saver whose special write overwrites a regular one is told the special-write clause, not the pending-write lookup", async () => {
    const section = await runGraph(counted(specialOverwritesRegular).registered, { scenarios: ["G03"] });
    const failed = failedCases(section);
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed) {
      expect(r.divergence?.clause).toBe("special-upsert");
      expect(r.message).toMatch(/\nconfirmed by probe special-upsert/);
      expect(r.message).toMatch(/observed \[\["__interrupt__", "second interrupt"\], \["other", "regular-1"\]\]/);
      expect(r.message).not.toMatch(/confirmed by probe (pending-writes|latest|ids)/);
    }
  }, 120_000);

  it("a bug no probe covers says the cause is not known and shows the transcript diff", async () => {
    const section = await runGraph(counted(filterComparesText).registered, { scenarios: ["G19"] });
    const [r] = failedCases(section);
    expect(r.divergence?.clause).toBeUndefined();
    expect(r.message).toMatch(/\ncause not known: no targeted probe failed \(probes run on a fresh saver: ids, [a-z, -]+\)\n/);
    expect(r.message).toMatch(/\(probes run on a fresh saver: .*\blist-order\b.*\blatest\b.*\bcarried-values\b/);
    expect(r.message).toMatch(/\ntranscript diff \(every step that differs, first field of each\):\n  step \d+ "/);
    expect(r.message).not.toMatch(/confirmed by probe|likely cause/);
    expect(section.toJSON()).toMatchObject({
      cases: [expect.objectContaining({ divergence: expect.objectContaining({ cause: "not known" }) })],
    });
  }, 120_000);
});

describe("probes", () => {
  it("every probe passes on MemorySaver", async () => {
    const runner = new ProbeRunner(
      checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()),
      10_000,
      ALONE,
    );
    const outcomes = await runner.runAll(PROBES, {
      threads: ["3f0c1d52-9a8b-4c7d-8e6f-5a4b3c2d1e0f:t", "x|y"],
      namespaces: ["child:3f0c1d52-9a8b-4c7d-8e6f-5a4b3c2d1e0f"],
    });
    expect(outcomes.filter((o) => o.status !== "passed")).toEqual([]);
  });

  it("are cached per run: the id probe per id shape (UUIDs aside), the others once", async () => {
    const runner = new ProbeRunner(
      checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()),
      10_000,
      ALONE,
    );
    await runner.run(idsProbe, { threads: ["11111111-1111-4111-8111-111111111111:t"], namespaces: [] });
    await runner.run(idsProbe, { threads: ["22222222-2222-4222-8222-222222222222:t"], namespaces: [] });
    expect(runner.runs).toBe(1);
    await runner.run(idsProbe, { threads: ["22222222-2222-4222-8222-222222222222:other"], namespaces: [] });
    expect(runner.runs).toBe(2);
    for (let i = 0; i < 3; i++)
      await runner.runAll(
        PROBES.filter((p) => p !== idsProbe),
        { threads: [`t${i}`], namespaces: [] },
      );
    expect(runner.runs).toBe(PROBES.length + 1);
  });

  it("a probe that throws shows the saver's error, and one that hangs is bounded by the timeout", async () => {
    class Throws extends MemorySaver {
      override async putWrites(): Promise<void> {
        throw new RangeError("SQLITE_TOOBIG: string or blob too big");
      }
    }
    class Hangs extends MemorySaver {
      override getTuple() {
        return new Promise<undefined>(() => undefined);
      }
    }
    const { specialUpsertProbe } = await import("../../src/kinds/checkpointer/probes/special-upsert.js");
    const { causeLines } = await import("../../src/diagnosis/explain.js");
    const thrown = await new ProbeRunner(
      checkpointerTest({ name: "Throws" }, () => new Throws()),
      5_000,
      ALONE,
    ).run(specialUpsertProbe, { threads: [], namespaces: [] });
    expect(thrown.status).toBe("threw");
    expect(causeLines([thrown]).join("\n")).toMatch(
      /confirmed by probe special-upsert .*\n  the saver threw: RangeError: SQLITE_TOOBIG: string or blob too big\n +at Throws\.putWrites .*hints\.test\.ts/,
    );
    const hung = await new ProbeRunner(
      checkpointerTest({ name: "Hangs" }, () => new Hangs()),
      200,
      ALONE,
    ).run(specialUpsertProbe, { threads: [], namespaces: [] });
    expect(hung).toMatchObject({ status: "threw", error: expect.objectContaining({ name: "TimeoutError" }) });
  });
});
