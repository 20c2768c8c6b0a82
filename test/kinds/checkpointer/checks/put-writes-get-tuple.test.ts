import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { describe, expect, it } from "vitest";
import { checkpointerTest, validate, type KnownDeviation } from "../../../../src/index.js";
import type { Capability } from "../../../../src/kinds/checkpointer/capabilities.js";
import { SQLITE_DEVIATIONS } from "../../../../src/backends/sqlite/deviations.js";
import type { ConformanceReport } from "../../../../src/report/conformance-report.js";

const CAPABILITIES: Capability[] = ["put_writes", "get_tuple"];
/** Only this suite's tests (other suites add tests to these capabilities). */
const OWN_TESTS = /^test_(put_writes|get_tuple|get)_/;
/** SqliteSaver 1.0.4 does not store taskPath, so exactly these JS-02 tests fail on it. */
const TASK_PATH_ORDER_TESTS = ["test_put_writes_order_empty_task_path_first", "test_put_writes_order_task_path_before_task_id"];

async function run(name: string, create: () => BaseCheckpointSaver, knownDeviations: readonly KnownDeviation[] = []) {
  const registered = checkpointerTest({ name, knownDeviations }, async function* () {
    const saver = create();
    yield saver;
    if (saver instanceof SqliteSaver) saver.db.close();
  });
  return validate(registered, { capabilities: CAPABILITIES, grep: OWN_TESTS, graph: false, model: false, timeoutMs: 30_000 });
}

function testsOf(report: ConformanceReport) {
  return report
    .capabilityResults()
    .filter((r) => (CAPABILITIES as readonly string[]).includes(r.capability))
    .flatMap((r) => r.tests);
}

const countedFailures = (report: ConformanceReport) =>
  testsOf(report)
    .filter((t) => t.status === "failed" && !t.advisory && t.deviation === undefined)
    .map((t) => t.name)
    .sort();

describe("put_writes and get_tuple specs on the official savers", () => {
  it("MemorySaver passes both capabilities; only the advisory absent-namespace default fails", async () => {
    const report = await run("MemorySaver", () => new MemorySaver());
    expect(countedFailures(report)).toEqual([]);
    for (const capability of CAPABILITIES) expect(report.results[capability]?.status, capability).toBe("passed");
    expect(testsOf(report).length).toBeGreaterThanOrEqual(35);
    const advisoryFailures = testsOf(report)
      .filter((t) => t.status === "failed" && t.advisory)
      .map((t) => t.name);
    expect(advisoryFailures).toEqual(["test_put_writes_defaults_missing_namespace"]);
  });

  it("SqliteSaver fails exactly the taskPath ordering tests when it declares nothing", async () => {
    const report = await run("SqliteSaver", () => SqliteSaver.fromConnString(":memory:"));
    expect(countedFailures(report)).toEqual(TASK_PATH_ORDER_TESTS);
    expect(report.results.put_writes?.status).toBe("failed");
    expect(report.results.get_tuple?.status).toBe("passed");
  });

  it("SqliteSaver passes both capabilities with its declared deviations, which occur as declared", async () => {
    const report = await run("SqliteSaver", () => SqliteSaver.fromConnString(":memory:"), SQLITE_DEVIATIONS);
    expect(countedFailures(report)).toEqual([]);
    for (const capability of CAPABILITIES) expect(report.results[capability]?.status, capability).toBe("passed");
    const occurred = testsOf(report)
      .filter((t) => t.status === "failed" && t.deviation !== undefined)
      .map((t) => t.name)
      .sort();
    expect(occurred).toEqual(TASK_PATH_ORDER_TESTS);
  });
});
