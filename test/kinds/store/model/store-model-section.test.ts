import { InMemoryStore } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { ConformanceUsageError, storeTest, validate } from "../../../../src/index.js";
import { IN_MEMORY_STORE_DEVIATIONS } from "../../../../src/kinds/store/deviations.js";
import { StoreModelReportSection } from "../../../../src/kinds/store/model/report-section.js";
import { reportFromJSON, reportToJSON } from "../../../../src/sections/report-json.js";

/** The store model as a section of a store's run: on by default, its options, the report and the verdict. */
const declared = storeTest({ name: "InMemoryStore", knownDeviations: IN_MEMORY_STORE_DEVIATIONS }, () => new InMemoryStore());
/** The batch de-duplication neither declared nor reached by the spec suite (its one test skipped): only the model sees it. */
const undeclared = storeTest(
  { name: "InMemoryStore (undeclared)", skipTests: ["test_store_batch_puts_of_lookalike_paths_are_distinct"] },
  () => new InMemoryStore(),
);
const OPTIONS = { retries: 0 } as const;

const storeModel = (report: Awaited<ReturnType<typeof validate>>) =>
  report.sections.find((s): s is StoreModelReportSection => s instanceof StoreModelReportSection);

describe("the store model section", { timeout: 60_000 }, () => {
  it("runs by default after the spec suite, reports its declared behaviours, and survives the JSON round trip", async () => {
    const report = await validate(declared, OPTIONS);
    const section = storeModel(report);
    expect(section?.result.status).toBe("passed");
    expect(section?.result).toMatchObject({ sequences: 20, seed: 42 });
    expect(section?.result.declared.find((d) => d.behaviour === "batch-dedupes-by-joined-key")?.occurrences).toBeGreaterThan(0);
    expect(report.verdict().passed).toBe(true);
    expect(report.toDict()).toMatchObject({ store_model: { status: "passed", passed: true, sequences: 20, seed: 42 } });
    const text = section!.lines().join("\n");
    expect(text).toMatch(/^STORE MODEL .*\n {2}✅ 20 sequences, no disagreement \(seed 42, /);
    expect(text).toMatch(/⚑ declared batch-dedupes-by-joined-key \[test_store_batch_puts_of_lookalike_paths_are_distinct\]: occurred \d+×/);
    expect(section!.summary()).toMatch(/^store model 20\/20 \+1 known deviation$/);
    const revived = storeModel(reportFromJSON(JSON.parse(JSON.stringify(reportToJSON(report)))));
    expect(revived?.lines()).toEqual(section!.lines());
  });

  it("fails the verdict of a store whose only failure the model finds, with a reproduction", async () => {
    const report = await validate(undeclared, OPTIONS);
    expect(report.failures().filter((f) => f.test.status === "failed")).toEqual([]);
    const section = storeModel(report);
    expect(section?.result.status).toBe("failed");
    expect(section?.result.failure?.reproduction).toContain("store.batch(");
    expect(report.verdict().passed).toBe(false);
    expect(section!.lines().join("\n")).toMatch(
      /replay: validate\(registered, \{ model: \{ seed: 42, runs: 20 \} \}\) {2}or: --model 20 --seed 42/,
    );
  });

  it("takes the model option: runs and seed, off with false, and a clear error for what a store cannot use", async () => {
    expect(storeModel(await validate(declared, { ...OPTIONS, model: { runs: 3, seed: 7 } }))?.result).toMatchObject({
      sequences: 3,
      seed: 7,
    });
    expect(storeModel(await validate(declared, { ...OPTIONS, model: false }))).toBeUndefined();
    // Narrowed runs leave it out, as for a checkpointer.
    expect(storeModel(await validate(declared, { ...OPTIONS, grep: "roundtrip" }))).toBeUndefined();
    await expect(validate(declared, { model: { seed: 1, path: "0:1" } })).rejects.toThrow(ConformanceUsageError);
    await expect(validate(declared, { model: { ignore: ["ignores-task-path"] } })).rejects.toThrow(
      /a store declares its model behaviours with knownDeviations/,
    );
  });
});
