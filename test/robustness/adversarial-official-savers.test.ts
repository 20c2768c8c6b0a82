import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate, type ConformanceReport } from "../../src/index.js";
import { sqliteMemoryBackend } from "../../src/backends/sqlite/index.js";
import { postgresBackend } from "../../src/backends/postgres/index.js";
import type { RegisteredCheckpointer } from "../../src/registration.js";
import { ReferenceSaver } from "../fixtures/reference-saver.js";

/** The KEY, FLT and RACE tests (issue 13) pass on every official saver, with no deviation declared. */
const ADVERSARIAL_IDS = /^(KEY|FLT|RACE)-/;

/** Base-capability tests: KEY-01..05, FLT-01..04, RACE-01..05. */
const BASE_TESTS = 14;

function adversarialResults(report: ConformanceReport) {
  return report.capabilityResults().flatMap((cap) =>
    cap.tests
      .filter((t) => t.ids.some((id) => ADVERSARIAL_IDS.test(id)))
      .map((t) => ({ name: `${cap.capability}/${t.name}`, status: t.status, failure: t.status === "failed" ? t.failure.message : undefined })),
  );
}

async function expectAllPass(registered: RegisteredCheckpointer, expectedPassing: number) {
  const report = await validate(registered, { grep: ADVERSARIAL_IDS, timeoutMs: 30_000, graph: false, model: false });
  const results = adversarialResults(report);
  expect(results.filter((r) => r.status !== "passed" && r.status !== "skipped")).toEqual([]);
  expect(results.filter((r) => r.status === "passed")).toHaveLength(expectedPassing);
  expect(report.errors).toEqual([]);
}

describe("KEY, FLT and RACE tests on the official savers", () => {
  it("MemorySaver passes them all", async () => {
    await expectAllPass(checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()), BASE_TESTS);
  });

  it("the reference saver passes them all, the extended KEY-06..08 included", async () => {
    await expectAllPass(checkpointerTest({ name: "ReferenceSaver" }, () => new ReferenceSaver()), BASE_TESTS + 3);
  });

  it("SqliteSaver (:memory:) passes them all", async () => {
    await expectAllPass(sqliteMemoryBackend.registration(), BASE_TESTS);
  });

  it("PostgresSaver (embedded PostgreSQL) passes them all", async () => {
    const availability = await postgresBackend.available();
    expect(availability).toEqual({ ok: true });
    await expectAllPass(postgresBackend.registration(), BASE_TESTS);
  }, 180_000);
});
