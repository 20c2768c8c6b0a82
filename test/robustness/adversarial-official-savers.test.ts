import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate, type ConformanceReport } from "../../src/index.js";
import { sqliteMemoryBackend } from "../../src/backends/sqlite/index.js";
import { postgresBackend } from "../../src/backends/postgres/index.js";
import type { RegisteredCheckpointer } from "../../src/registration.js";
import { ReferenceSaver } from "../fixtures/reference-saver.js";

/** The KEY, FLT and RACE tests (issue 13) pass on every official saver, but for the one deviation SqliteSaver declares (FLT-05). */
const ADVERSARIAL_IDS = /^(KEY|FLT|RACE)-/;

/** The tests every official saver runs: KEY-01..05, KEY-09 (getDeltaChannelHistory, inherited by the SQL savers), KEY-10's two and KEY-11, FLT-01..06, RACE-01..05. */
const BASE_TESTS = 20;

function adversarialResults(report: ConformanceReport) {
  return report.capabilityResults().flatMap((cap) =>
    cap.tests
      .filter((t) => t.ids.some((id) => ADVERSARIAL_IDS.test(id)))
      .map((t) => ({
        name: `${cap.capability}/${t.name}`,
        status: t.status,
        deviation: t.deviation,
        failure: t.status === "failed" ? t.failure.message : undefined,
      })),
  );
}

async function expectAllPass(registered: RegisteredCheckpointer, expectedPassing: number, declaredDeviations: string[] = []) {
  const report = await validate(registered, { grep: ADVERSARIAL_IDS, timeoutMs: 30_000, graph: false, model: false });
  const results = adversarialResults(report);
  const undeclared = results.filter((r) => r.status !== "passed" && r.status !== "skipped" && r.deviation === undefined);
  expect(undeclared).toEqual([]);
  expect(results.filter((r) => r.status === "failed").map((r) => r.name)).toEqual(declaredDeviations);
  expect(results.filter((r) => r.status === "passed")).toHaveLength(expectedPassing - declaredDeviations.length);
  expect(report.errors).toEqual([]);
}

describe("KEY, FLT and RACE tests on the official savers", () => {
  it("MemorySaver passes them all", async () => {
    await expectAllPass(
      checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()),
      BASE_TESTS,
    );
  });

  it("the reference saver passes them all, the extended KEY-06..08 included", async () => {
    await expectAllPass(
      checkpointerTest({ name: "ReferenceSaver" }, () => new ReferenceSaver()),
      BASE_TESTS + 3,
    );
  });

  it("SqliteSaver (:memory:) passes them all but FLT-05, its declared deviation (filter keys read as JSON paths)", async () => {
    await expectAllPass(sqliteMemoryBackend.registration(), BASE_TESTS, ["list/test_flt_filter_keys_are_top_level_keys"]);
  });

  it("PostgresSaver (embedded PostgreSQL) passes them all", async () => {
    const availability = await postgresBackend.available();
    expect(availability).toEqual({ ok: true });
    await expectAllPass(postgresBackend.registration(), BASE_TESTS);
  }, 180_000);
});
