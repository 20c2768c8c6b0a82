import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { describe, expect, it } from "vitest";
import { checkpointerTest, validate, type KnownDeviation } from "../../../../src/index.js";
import type { Capability } from "../../../../src/kinds/checkpointer/capabilities.js";

const CAPABILITIES: Capability[] = ["list", "delete_thread"];
/** Only this suite's tests (other suites add tests to these capabilities). */
const OWN_TESTS = /^test_(list|delete_thread)_/;

/** The same entry docs/deviations.md records for the SQLite backend. */
const SQLITE_DEVIATIONS: KnownDeviation[] = [
  {
    tests: ["test_delete_thread_first_call_on_fresh_saver"],
    reason:
      'SqliteSaver 1.0.4 creates its tables lazily in setup(), which deleteThread() never calls: deleteThread as the first call on a new saver throws "no such table: checkpoints"',
  },
];

const savers: { name: string; create: () => BaseCheckpointSaver; knownDeviations: KnownDeviation[] }[] = [
  { name: "MemorySaver", create: () => new MemorySaver(), knownDeviations: [] },
  { name: "SqliteSaver", create: () => SqliteSaver.fromConnString(":memory:"), knownDeviations: SQLITE_DEVIATIONS },
];

describe.each(savers)("list and delete_thread specs on $name", ({ name, create, knownDeviations }) => {
  it("passes every required test (declared deviations occur as declared)", async () => {
    const registered = checkpointerTest({ name, knownDeviations }, async function* () {
      const saver = create();
      yield saver;
      if (saver instanceof SqliteSaver) saver.db.close();
    });
    const report = await validate(registered, {
      capabilities: CAPABILITIES,
      grep: OWN_TESTS,
      graph: false,
      model: false,
      timeoutMs: 30_000,
    });
    for (const capability of CAPABILITIES) {
      const result = report.capabilityResults().find((r) => r.capability === capability);
      const failed = result?.tests.filter((t) => t.status === "failed" && !t.advisory && t.deviation === undefined) ?? [];
      expect(failed.map((t) => `${t.name}: ${t.status === "failed" ? t.failure.message : ""}`)).toEqual([]);
      expect(result?.status, `${name} ${capability}`).toBe("passed");
      expect(result?.tests.length).toBeGreaterThan(0);
    }
    const occurred = report
      .capabilityResults()
      .flatMap((r) => r.tests)
      .filter((t) => t.deviation !== undefined && t.status === "failed")
      .map((t) => t.name);
    expect(occurred.sort()).toEqual(knownDeviations.flatMap((d) => d.tests ?? []).sort());
  });
});
