import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest } from "../../src/index.js";
import { probeCause } from "../../src/hints/probe-cause.js";
import { ProbeRunner } from "../../src/hints/run-probes.js";

const IDS = { threads: ["3f0c1d52-9a8b-4c7d-8e6f-5a4b3c2d1e0f:t"], namespaces: [] };

/** Every put() rejects: every probe that stores a checkpoint fails. */
class RejectsEveryPut extends MemorySaver {
  override async put(): Promise<never> {
    throw new Error("the database is read-only");
  }
}

const runner = () => new ProbeRunner(checkpointerTest({ name: "RejectsEveryPut" }, () => new RejectsEveryPut()), 30_000);

describe("probeCause: the candidates' probes in the caller's order, the first failed one confirmed", () => {
  it("confirms the first candidate whose probe failed, runs a repeated clause once, and skips clauses no probe covers", async () => {
    const probes = runner();
    const cause = await probeCause(probes, ["latest", "namespace", "ids", "latest"], IDS);
    expect(cause.confirmed?.probe.clause).toBe("latest");
    expect(probes.runs).toBe(2);
    expect(cause.lines.filter((l) => l.startsWith("confirmed by probe ")).map((l) => l.split(" ")[3])).toEqual(["latest", "ids"]);
    expect(cause.lines.join("\n")).toMatch(/the saver threw: Error: the database is read-only/);
    // The same failures in the other order: the other clause is the confirmed one.
    expect((await probeCause(probes, ["ids", "latest"], IDS)).confirmed?.probe.clause).toBe("ids");
  });

  it("says the cause is not known when no candidate has a probe, and names none", async () => {
    const cause = await probeCause(runner(), ["namespace", "thread-isolation"], IDS);
    expect(cause.confirmed).toBeUndefined();
    expect(cause.lines).toEqual(["cause not known: no targeted probe covers this comparison"]);
  });
});
