import { describe, expect, it, vi } from "vitest";
import { validate } from "../../src/index.js";
import { GraphSection } from "../../src/graph/report-section.js";
import { GRAPH_SCENARIOS } from "../../src/graph/scenarios/index.js";
import { GRAPH_SCENARIO_IDS } from "../../src/graph/scenario-ids.js";
import { memoryRegistration, runGraph } from "./helpers.js";

describe("the graph section in validate()", () => {
  it("is opt-in: without the graph option the report has no graph section", async () => {
    const report = await validate(memoryRegistration(), { capabilities: ["delete_thread"] });
    expect(report.sections.some((s) => s.key === "graph")).toBe(false);
    expect(report.toDict()).not.toHaveProperty("graph");
  });

  it("runs the selected scenarios and adds GRAPH lines and a graph key", async () => {
    const report = await validate(memoryRegistration(), { capabilities: [], graph: { scenarios: ["G05", "G17"] } });
    const graph = report.toDict().graph as { status: string; cases: { id: string; status: string }[] };
    expect(graph.status).toBe("passed");
    expect(graph.cases.map((c) => [c.id, c.status])).toEqual([
      ["G05", "passed"],
      ["G17", "passed"],
    ]);
    expect(report.formatReport()).toMatch(/GRAPH SCENARIOS[\s\S]*✓ G05 update-state-as-node[\s\S]*Result: 2 passed, 0 failed/);
  });

  it("latestOnly: replay, fork and history-reading scenarios are not applicable; the others still run", async () => {
    const section = await runGraph(memoryRegistration(), { latestOnly: true });
    const notApplicable = GRAPH_SCENARIOS.filter((s) => s.needsHistory).map((s) => s.id);
    expect(notApplicable).toEqual(["G06", "G07", "G08", "G09", "G13", "G18", "G19", "G21"]);
    expect(new Set(section.results.filter((r) => r.status === "not-applicable").map((r) => r.scenario))).toEqual(new Set(notApplicable));
    expect(section.results.filter((r) => r.status === "passed").length).toBeGreaterThan(20);
    expect(section.passed()).toBe(true);
  });

  it("an unknown scenario id makes validate() reject before anything runs", async () => {
    await expect(validate(memoryRegistration(), { graph: { scenarios: ["G99"] } })).rejects.toThrow(
      /graph\.scenarios" has unknown scenario ids G99/,
    );
  });

  it("a saver that throws fails the scenario with the step and the saver's error, and the run goes on", async () => {
    const { MemorySaver } = await import("@langchain/langgraph-checkpoint");
    class Broken extends MemorySaver {
      override async deleteThread(): Promise<void> {
        throw new Error("deleteThread is broken");
      }
    }
    const { checkpointerTest } = await import("../../src/index.js");
    const section = await runGraph(
      checkpointerTest({ name: "Broken" }, () => new Broken()),
      { scenarios: ["G20", "G17"] },
    );
    const [g17, g20] = [...section.results].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(g17.status).toBe("passed");
    expect(g20).toMatchObject({ status: "failed", divergence: { label: "deleteThread(t)", clause: "delete-thread" } });
    expect(g20.status === "failed" && g20.message).toMatch(/deleteThread is broken/);
  });

  it("a factory whose cleanup fails fails the case, as in the spec suites: a graph-only run is never FULL (0/0) with it", async () => {
    const { MemorySaver } = await import("@langchain/langgraph-checkpoint");
    const { checkpointerTest } = await import("../../src/index.js");
    const leaky = checkpointerTest({ name: "CleanupThrows" }, async function* () {
      yield new MemorySaver();
      throw new Error("pool.end() failed: 3 connections still checked out");
    });
    const report = await validate(leaky, { capabilities: [], graph: { scenarios: ["G01"] } });
    const section = report.sections.find((s): s is GraphSection => s instanceof GraphSection)!;
    expect(section.results.length).toBeGreaterThan(0);
    for (const result of section.results) {
      expect(result).toMatchObject({ status: "failed", error: { message: "pool.end() failed: 3 connections still checked out" } });
      // The error itself is data, rendered once by every reporter (docs/graph.md).
      expect(result.status === "failed" && result.message).toBe("the factory's cleanup (the code after yield) failed");
    }
    expect(report.verdict().passed).toBe(false);
  });

  it("the timeout is per saver call: a slow saver passes a case longer than it, a call that never settles fails naming it", async () => {
    const { MemorySaver } = await import("@langchain/langgraph-checkpoint");
    const { checkpointerTest } = await import("../../src/index.js");
    const { withFaults } = await import("../fixtures/faults.js");
    const slow = () =>
      withFaults(
        new MemorySaver(),
        ...(["put", "putWrites", "getTuple"] as const).map((method) => ({ method, fault: { kind: "delay" as const, ms: 30 } })),
      );
    const [passed] = (await runGraph(checkpointerTest({ name: "Slow" }, slow), { scenarios: ["G01"], timeoutMs: 300 })).results;
    expect(passed).toMatchObject({ status: "passed" });
    expect((passed as { durationMs: number }).durationMs).toBeGreaterThan(300);
    const hangs = () => withFaults(new MemorySaver(), { method: "getTuple", fault: { kind: "hang" } });
    const [failed] = (await runGraph(checkpointerTest({ name: "Hangs" }, hangs), { scenarios: ["G17"], timeoutMs: 300 })).results;
    expect(failed.status === "failed" && failed.message.split("\n")[0]).toBe(`timed out after 300 ms running ${failed.id} in getTuple()`);
  });

  it("reports itself skipped when @langchain/langgraph cannot be loaded", async () => {
    vi.resetModules();
    vi.doMock("@langchain/langgraph", () => {
      throw Object.assign(new Error("Cannot find package '@langchain/langgraph'"), { code: "ERR_MODULE_NOT_FOUND" });
    });
    try {
      const { validate: freshValidate, checkpointerTest } = await import("../../src/index.js");
      const { MemorySaver } = await import("@langchain/langgraph-checkpoint");
      const report = await freshValidate(
        checkpointerTest({ name: "m" }, () => new MemorySaver()),
        { capabilities: [], graph: true },
      );
      const section = report.sections.find((s) => s.key === "graph")!;
      const reason =
        'the optional package "@langchain/langgraph" is not installed (npm install @langchain/langgraph); the graph scenarios need @langchain/langgraph';
      expect(section.toJSON()).toEqual({ status: "skipped", reason });
      expect(section.passed()).toBeNull();
      expect(section.lines().join("\n")).toContain(`skipped: ${reason}`);
    } finally {
      vi.doUnmock("@langchain/langgraph");
      vi.resetModules();
    }
  });

  it("the section class prints deviations and failures", () => {
    const section = new GraphSection({
      results: [
        {
          id: "G18",
          scenario: "G18",
          name: "delta-channel-parallel",
          variant: "async",
          status: "failed",
          durationMs: 1,
          message: "differs",
          deviation: "known",
        },
      ],
    });
    expect(section.passed()).toBe(true);
    expect(section.lines().join("\n")).toMatch(/⚑ G18 delta-channel-parallel[\s\S]*G18 \(known deviation: known\)/);
  });
});

describe("GRAPH_SCENARIO_IDS (what the CLI checks --graph-scenarios against; taken from the scenarios, which load no package: test/packaging/supervisor-imports.test.ts)", () => {
  it("are unique and in catalog order (G01, G02, ...), the order merged shards are put back in", () => {
    expect(new Set(GRAPH_SCENARIO_IDS).size).toBe(GRAPH_SCENARIOS.length);
    expect(GRAPH_SCENARIO_IDS).toEqual(GRAPH_SCENARIO_IDS.map((_, i) => `G${String(i + 1).padStart(2, "0")}`));
  });
});
