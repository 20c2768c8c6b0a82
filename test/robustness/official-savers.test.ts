import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate, type ConformanceReport } from "../../src/index.js";
import { sqliteMemoryBackend } from "../../src/backends/sqlite/index.js";
import { postgresBackend } from "../../src/backends/postgres/index.js";
import type { RegisteredCheckpointer } from "../../src/registration.js";

/** The ISO, CONC and SER tests pass on every official saver. */
const ROBUSTNESS_IDS = /^(ISO|CONC|SER)-/;

function robustnessResults(report: ConformanceReport) {
  return report.capabilityResults().flatMap((cap) =>
    cap.tests.filter((t) => t.ids.some((id) => ROBUSTNESS_IDS.test(id))).map((t) => ({ name: t.name, status: t.status, failure: t.status === "failed" ? t.failure.message : undefined })),
  );
}

async function expectAllPass(registered: RegisteredCheckpointer) {
  const report = await validate(registered, { grep: ROBUSTNESS_IDS, timeoutMs: 30_000 });
  const results = robustnessResults(report);
  expect(results.length).toBe(20);
  expect(results.filter((r) => r.status !== "passed")).toEqual([]);
  expect(report.errors).toEqual([]);
}

describe("ISO, CONC and SER tests on the official savers", () => {
  it("MemorySaver passes them all", async () => {
    await expectAllPass(checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()));
  });

  it("SqliteSaver (:memory:) passes them all", async () => {
    await expectAllPass(sqliteMemoryBackend.registration());
  });

  it("PostgresSaver (embedded PostgreSQL) passes them all", async () => {
    const availability = await postgresBackend.available();
    expect(availability).toEqual({ ok: true });
    await expectAllPass(postgresBackend.registration());
  }, 180_000);
});
