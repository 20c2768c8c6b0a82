import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate, type ConformanceReport } from "../../src/index.js";
import { sqliteMemoryBackend } from "../../src/backends/sqlite/index.js";
import { postgresBackend } from "../../src/backends/postgres/index.js";
import type { RegisteredCheckpointer } from "../../src/registration.js";

/** The ISO, CONC, SER, VAL and ORD tests pass on every official saver, except its declared deviations (PostgresSaver: ORD-11). */
const ROBUSTNESS_IDS = /^(ISO|CONC|SER|VAL|ORD)-/;
/**
 * Required ones: 5 ISO, 5 CONC, 10 SER, 14 VAL (VAL-07 lives on as FLT-05; VAL-17 from issue 40), 15 ORD (the advisory VAL-10 and VAL-13
 * fail on official savers, measured; ORD-13..16's copyThread, prune and deleteForRuns tests need operations they lack).
 */
const ROBUSTNESS_TESTS = 49;

function robustnessResults(report: ConformanceReport) {
  return report.capabilityResults().flatMap((cap) =>
    cap.tests
      .filter((t) => !t.advisory && t.ids.some((id) => ROBUSTNESS_IDS.test(id)))
      .map((t) => ({
        name: t.name,
        status: t.status,
        failure: t.status === "failed" ? t.failure.message : undefined,
        declared: t.status === "failed" && t.deviation !== undefined,
      })),
  );
}

/** Every test passes except `declared` (by name), which fail as the saver's declared deviations. */
async function expectAllPass(registered: RegisteredCheckpointer, declared: readonly string[] = []) {
  const report = await validate(registered, { grep: ROBUSTNESS_IDS, timeoutMs: 30_000 });
  const results = robustnessResults(report);
  expect(results.length).toBe(ROBUSTNESS_TESTS);
  expect(results.filter((r) => r.status !== "passed" && !declared.includes(r.name))).toEqual([]);
  expect(results.filter((r) => declared.includes(r.name)).map((r) => [r.name, r.declared])).toEqual(declared.map((name) => [name, true]));
  expect(report.errors).toEqual([]);
}

describe("ISO, CONC, SER, VAL and ORD tests on the official savers", () => {
  it("MemorySaver passes them all", async () => {
    await expectAllPass(checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()));
  });

  it("SqliteSaver (:memory:) passes them all", async () => {
    await expectAllPass(sqliteMemoryBackend.registration());
  }, 60_000);

  it("PostgresSaver (embedded PostgreSQL) passes them all", async () => {
    const availability = await postgresBackend.available();
    expect(availability).toEqual({ ok: true });
    // ORD-11: its integer versions make two forks share a blob key (POSTGRES_STALE_BLOBS).
    await expectAllPass(postgresBackend.registration(), ["test_ord_fork_keeps_its_own_channel_values"]);
  }, 300_000); // ORD-15 puts 1.2 MB and 1,100 writes, one query each
});
