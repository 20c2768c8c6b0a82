import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, validate, type SaverProfile } from "../../../src/index.js";
import { NOT_APPLICABLE_LATEST_ONLY } from "../../../src/kinds/checkpointer/profile.js";
import { isCountedFailure, type ConformanceReport } from "../../../src/report/conformance-report.js";
import { SPECS } from "../../../src/kinds/checkpointer/checks/index.js";
import { LatestOnlySaver } from "../../fixtures/latest-only-saver.js";
import { ReferenceSaver } from "../../fixtures/reference-saver.js";
import { runInProcess } from "../../cli/run-cli-in-process.js";
import { FIXTURES } from "../../cli/run-cli-process.js";
import { spawnedFixture } from "../../cli/spawned-fixture.js";
import getTupleLatestFirstInserted from "../../mutants/get-tuple-latest-first-inserted.mutant.js";
import getTupleLatestIgnoresNamespace from "../../mutants/get-tuple-latest-ignores-namespace.mutant.js";
import listOldestFirst from "../../mutants/list-oldest-first.mutant.js";
import deleteThreadRootOnly from "../../mutants/delete-thread-root-namespace-only.mutant.js";
import deleteThreadByPrefix from "../../mutants/graph/delete-thread-by-prefix.graph-mutant.js";

function run(
  name: string,
  create: () => BaseCheckpointSaver,
  profile?: SaverProfile,
  extra: Parameters<typeof validate>[1] = {},
): Promise<ConformanceReport> {
  return validate(
    checkpointerTest({ name, ...(profile ? { profile } : {}) }, () => create()),
    { timeoutMs: 3_000, ...extra },
  );
}

const allTests = () => Object.values(SPECS).flatMap((spec) => spec!.tests);

describe("the latest-only profile", () => {
  it("without the profile, a correct shallow saver fails its history tests (base fails)", async () => {
    const report = await run("shallow", () => new LatestOnlySaver());
    expect(report.passedAllBase()).toBe(false);
    expect(["NONE", "BASE"]).toContain(report.conformanceLevel());
    expect(report.failures().length).toBeGreaterThanOrEqual(30);
    expect(report.profile).toBe("full");
    expect(report.toDict()).not.toHaveProperty("profile");
  });

  it("with it, the same saver passes at FULL (latest-only): history tests are not applicable, never passed", async () => {
    const report = await run("shallow", () => new LatestOnlySaver(), "latest-only");
    expect(report.failures()).toEqual([]);
    expect(report.conformanceLevel()).toBe("FULL");
    expect(report.levelLabel()).toBe("FULL (latest-only)");
    expect(report.toDict()).toMatchObject({ conformance_level: "FULL", profile: "latest-only" });
    expect(report.formatReport()).toContain("Result: FULL (latest-only)");
    expect(report.formatReport()).toMatch(/NOT APPLICABLE \(latest-only\): \d+ spec tests need checkpoints older than the latest/);
    const list = report.toDict().results.list;
    expect(list.tests_not_applicable).toBeGreaterThan(0);
    expect(list.tests_skipped).toBeGreaterThanOrEqual(list.tests_not_applicable!);
    const results = report.capabilityResults().flatMap((r) => r.tests);
    const historyTests = new Set(
      allTests()
        .filter((t) => t.needsHistory)
        .map((t) => t.name),
    );
    const notApplicable = results.filter((t) => t.status === "skipped" && t.reason.startsWith(NOT_APPLICABLE_LATEST_ONLY));
    expect(new Set(notApplicable.map((t) => t.name))).toEqual(new Set([...historyTests].filter((n) => results.some((t) => t.name === n))));
    expect(results.filter((t) => t.status === "passed" && historyTests.has(t.name))).toEqual([]);
    // Every latest-checkpoint guarantee still ran.
    for (const name of [
      "test_latest_is_the_last_put",
      "test_latest_keeps_writes_that_arrived_before_its_put",
      "test_list_yields_the_latest_of_each_namespace",
      "test_list_filter_matches_the_latest",
      "test_delete_thread_removes_the_latest_everywhere",
      "test_put_roundtrip",
      "test_get_tuple_respects_namespace",
      "test_delete_thread_removes_all_namespaces",
    ]) {
      expect(results.find((t) => t.name === name)?.status, name).toBe("passed");
    }
  });

  it("a saver that keeps history may declare latest-only and still passes", async () => {
    for (const create of [() => new MemorySaver(), () => new ReferenceSaver()]) {
      const report = await run("keeps history", create, "latest-only");
      expect(report.failures()).toEqual([]);
      expect(report.passedAllBase()).toBe(true);
    }
  });

  it("declaring latest-only never hides a bug of the latest checkpoint", async () => {
    for (const mutant of [getTupleLatestFirstInserted, getTupleLatestIgnoresNamespace, listOldestFirst, deleteThreadRootOnly]) {
      const report = await run(mutant.name, () => mutant.create(), "latest-only", {
        capabilities: ["put", "put_writes", "get_tuple", "list", "delete_thread"],
      });
      expect(report.passedAllBase(), mutant.name).toBe(false);
      expect(report.failures().filter(({ test }) => isCountedFailure(test)).length, mutant.name).toBeGreaterThan(0);
    }
  });

  it("declaring latest-only never hides a graph-visible bug of the latest checkpoint", async () => {
    const report = await run(deleteThreadByPrefix.name, () => deleteThreadByPrefix.create(), "latest-only", {
      capabilities: [],
      graph: { scenarios: ["G20"] },
    });
    expect(report.toDict().graph).toMatchObject({ status: "failed", cases: [{ id: "G20", status: "failed" }] });
  });

  it("validate()'s profile overrides the registration's, and an unknown profile is a usage error", async () => {
    const registered = checkpointerTest({ name: "shallow", profile: "latest-only" }, () => new LatestOnlySaver());
    const report = await validate(registered, { capabilities: ["list"], profile: "full" });
    expect(report.passedAllBase()).toBe(false);
    expect(report.results.list?.status).toBe("failed");
    expect(() => checkpointerTest({ name: "x", profile: "shallow" as never }, () => new MemorySaver())).toThrow(
      /option "profile" must be one of "full", "latest-only"/,
    );
    await expect(validate(registered, { profile: "shallow" as never })).rejects.toThrow(/option "profile" must be one of/);
  });

  it("the graph section reports history scenarios not applicable under the profile; the model section does not apply", async () => {
    const report = await run("shallow", () => new LatestOnlySaver(), "latest-only", {
      capabilities: [],
      graph: { scenarios: ["G07", "G16", "G20"] },
      model: { runs: 1 },
    });
    const graph = report.toDict().graph as { cases: { id: string; status: string; reason?: string }[] };
    expect(graph.cases.find((c) => c.id === "G07")).toMatchObject({
      status: "not-applicable",
      reason: expect.stringContaining(NOT_APPLICABLE_LATEST_ONLY),
    });
    // Runs with its history compared by the head (a shallow saver keeps no more), and no parent compared.
    expect(graph.cases.filter((c) => c.id !== "G07").map((c) => [c.id, c.status])).toEqual([
      ["G16[resume-map]", "passed"],
      ["G16[plain-resume]", "passed"],
      ["G20", "passed"],
    ]);
    expect(report.toDict().model).toMatchObject({ status: "not-applicable" });
    expect(report.formatReport()).toContain(
      `MODEL (random operation sequences checked against the reference model)\n      – ${NOT_APPLICABLE_LATEST_ONLY}`,
    );
  });

  it("CLI: --latest-only declares the profile; the Result line says it", async () => {
    const plain = await runInProcess([spawnedFixture(`${FIXTURES}/latest-only.ts`), "--reporter", "dots"]);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toMatch(/Result: (NONE|BASE) \(/);
    const declared = await runInProcess([spawnedFixture(`${FIXTURES}/latest-only.ts`), "--latest-only", "--reporter", "dots"]);
    expect(declared.code).toBe(0);
    expect(declared.stdout).toMatch(/Result: FULL \(latest-only\)/);
    const list = await runInProcess(["--list", "--capabilities", "put"]);
    expect(list.stdout).toMatch(/test_put_parent_config\s+PUT-12 \(not with --latest-only\)/);
    expect(list.stdout).toMatch(/test_latest_is_the_last_put\s+PUT-10, GT-02, JS-11\n/);
    const matrix = await runInProcess([spawnedFixture(`${FIXTURES}/latest-only.ts`), "--latest-only", "--backends", "memory"]);
    expect(matrix.code).toBe(2);
    expect(matrix.stderr).toContain('profile: \\"latest-only\\"'.replace(/\\/g, ""));
  });
});
