import { describe, expect, it } from "vitest";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { postgresForFile } from "../fixtures/postgres-for-file.js";
import { postgresRegistration } from "../../src/backends/postgres/registration.js";
import { caseId, variantsOf } from "../../src/graph/differential.js";
import { POSTGRES_GRAPH_DEVIATIONS, SQLITE_GRAPH_DEVIATIONS } from "../../src/backends/known-deviations.js";
import { GRAPH_SCENARIOS } from "../../src/graph/scenarios/index.js";
import { failedCases, memoryRegistration, registerSaver, runGraph } from "./helpers.js";

/** Real backends on a busy machine: a 60-step thread on PostgreSQL can take a while. */
const SLOW_BACKEND = { timeoutMs: 180_000 };
const ALL_CASES = GRAPH_SCENARIOS.flatMap((s) => variantsOf(s).map((v) => caseId(s, v)));

describe("graph scenarios on the official savers (differential against MemorySaver)", () => {
  const postgres = postgresForFile();

  it("MemorySaver agrees with a fresh MemorySaver in every case", async () => {
    const section = await runGraph(memoryRegistration());
    expect(section.results.map((r) => r.id)).toEqual(ALL_CASES);
    expect(failedCases(section).map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    expect(section.passed()).toBe(true);
    expect(section.toJSON()).toMatchObject({ status: "passed", cases_failed: 0, cases_passed: ALL_CASES.length });
  }, 300_000);

  it("SqliteSaver 1.0.4: only G18 diverges, detected as the pendingWrites order and reported as its known deviation", async () => {
    const section = await runGraph(
      registerSaver("SqliteSaver", () => SqliteSaver.fromConnString(":memory:"), SQLITE_GRAPH_DEVIATIONS),
      SLOW_BACKEND,
    );
    const failed = failedCases(section);
    expect(failed.map((r) => r.id)).toEqual(["G18"]);
    expect(failed[0].divergence).toMatchObject({ label: expect.stringMatching(/^cold getState/), clause: "writes-order" });
    expect(failed[0].deviation).toMatch(/taskPath/);
    expect(section.passed()).toBe(true);
    expect(section.lines().join("\n")).toMatch(/G18 \(known deviation: SqliteSaver 1\.0\.4 ignores putWrites' taskPath/);
  }, 300_000);

  it("PostgresSaver 1.0.5: stale values after replay or fork and the G18 order are detected and explained", async () => {
    const registered = postgresRegistration(
      { name: "PostgresSaver", connections: "own", schemaStyle: "plain", knownDeviations: POSTGRES_GRAPH_DEVIATIONS },
      postgres.server,
    );
    const section = await runGraph(registered, SLOW_BACKEND);
    const failed = failedCases(section);
    expect(failed.map((r) => r.id).sort()).toEqual(["G06", "G07", "G08", "G09", "G13", "G18"]);
    const replay = failed.find((r) => r.id === "G07")!;
    expect(replay.divergence).toMatchObject({
      label: "getState after the replay",
      path: "values.items[2]",
      expected: "b2",
      actual: "b1",
      clause: "branch-values",
    });
    expect(replay.message).toMatch(/blobs keyed only by \(thread, ns, channel, version\)/);
    const fork = failed.find((r) => r.id === "G08")!;
    expect(fork.divergence).toMatchObject({ label: "getState after the update", expected: "X", actual: "b1" });
    expect(failed.find((r) => r.id === "G18")!.divergence?.clause).toBe("writes-order");
    expect(failed.every((r) => r.deviation !== undefined)).toBe(true);
    expect(section.passed()).toBe(true);
  }, 600_000);
});
