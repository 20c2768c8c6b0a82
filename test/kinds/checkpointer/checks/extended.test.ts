import { describe, expect, it } from "vitest";
import { BaseCheckpointSaver, MemorySaver } from "@langchain/langgraph-checkpoint";
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { checkpointerTest, validate, type KnownDeviation } from "../../../../src/index.js";
import type { Capability } from "../../../../src/kinds/checkpointer/capabilities.js";
import { ReferenceSaver } from "../../../fixtures/reference-saver.js";
import keepsOldest from "../../../mutants/pr-keep-latest-keeps-oldest.mutant.js";

const EXTENDED: Capability[] = ["delete_for_runs", "copy_thread", "prune", "delta_channel_history"];
const QUIET = { graph: false, model: false } as const;

/** The knownDeviations entry documented in docs/deviations.md. */
const SQLITE_DELTA_ORDER: KnownDeviation = {
  tests: ["test_history_orders_writes_by_task_path"],
  reason:
    "SqliteSaver 1.0.4 does not store taskPath and returns pendingWrites in task-id order, so the inherited getDeltaChannelHistory rebuilds parallel writers' DeltaChannel values out of path order",
};

/** A MemorySaver-backed saver that relies on the base class's getDeltaChannelHistory. */
class InheritsDeltaWalk extends ReferenceSaver {}
Object.defineProperty(InheritsDeltaWalk.prototype, "getDeltaChannelHistory", {
  value: BaseCheckpointSaver.prototype.getDeltaChannelHistory,
});

class DeleteForRunsNotAFunction extends ReferenceSaver {
  declare deleteForRuns: never;
}
Object.defineProperty(DeleteForRunsNotAFunction.prototype, "deleteForRuns", { value: 42 });

class CopyThreadNotImplemented extends ReferenceSaver {
  override async copyThread(): Promise<void> {
    throw new Error("copyThread is not implemented");
  }
}

describe("extended capabilities end to end", () => {
  it("the reference saver (MemorySaver + correct extended methods) reaches FULL", async () => {
    const report = await validate(
      checkpointerTest({ name: "reference" }, () => new ReferenceSaver()),
      QUIET,
    );
    for (const cap of EXTENDED) {
      expect(report.results[cap], cap).toMatchObject({ status: "passed", detected: true, inherited: false });
    }
    expect(report.conformanceLevel()).toBe("FULL");
  }, 120_000);

  it("a saver that gets one extension wrong is BASE+PARTIAL, and the report names the broken clause", async () => {
    const report = await validate(
      checkpointerTest({ name: keepsOldest.name }, () => keepsOldest.create()),
      QUIET,
    );
    expect(report.results.prune?.status).toBe("failed");
    for (const cap of ["delete_for_runs", "copy_thread", "delta_channel_history"] as const)
      expect(report.results[cap]?.status, cap).toBe("passed");
    expect(report.conformanceLevel()).toBe("BASE+PARTIAL");
    const failure = report.failures().find((f) => f.test.name === "test_prune_keep_latest_single_thread");
    expect(failure?.test.failure.message).toContain("the latest (greatest checkpoint_id)");
  }, 120_000);

  it("MemorySaver: the three methods are not implemented (with the reason), its own delta walk passes, level FULL", async () => {
    const report = await validate(
      checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()),
      QUIET,
    );
    for (const [cap, method] of [
      ["delete_for_runs", "deleteForRuns"],
      ["copy_thread", "copyThread"],
      ["prune", "prune"],
    ] as const) {
      expect(report.results[cap]).toMatchObject({ status: "not-implemented", reason: `the saver has no ${method}() method` });
      expect(report.toDict().results[cap]).toMatchObject({ detected: false, passed: null, tests_skipped: 1 });
    }
    expect(report.results.delta_channel_history).toMatchObject({ status: "passed", detected: true, inherited: false });
    expect(report.conformanceLevel()).toBe("FULL");
  }, 120_000);

  it("an inherited getDeltaChannelHistory is tested through the base walk, shown as inherited, and counts toward the level", async () => {
    const report = await validate(
      checkpointerTest({ name: "inherits" }, () => new InheritsDeltaWalk()),
      QUIET,
    );
    const dch = report.results.delta_channel_history!;
    expect(dch).toMatchObject({ status: "passed", detected: false, inherited: true });
    expect(dch.tests.length).toBeGreaterThan(10);
    expect(report.toDict().results.delta_channel_history).toMatchObject({ detected: false, inherited: true, passed: true });
    expect(report.formatReport()).toMatch(/delta_channel_history.*\(inherited\)/);
    expect(report.conformanceLevel()).toBe("FULL");
  }, 120_000);

  it("a method that is not a function, or only throws 'not implemented', is reported as not implemented with the reason", async () => {
    const notAFunction = await validate(
      checkpointerTest({ name: "nf" }, () => new DeleteForRunsNotAFunction()),
      { ...QUIET, capabilities: ["delete_for_runs"] },
    );
    expect(notAFunction.results.delete_for_runs).toMatchObject({
      status: "not-implemented",
      reason: "saver.deleteForRuns exists but is not a function (it is a number)",
    });
    const throwing = await validate(
      checkpointerTest({ name: "ni" }, () => new CopyThreadNotImplemented()),
      { ...QUIET, capabilities: ["copy_thread"] },
    );
    expect(throwing.results.copy_thread).toMatchObject({
      status: "not-implemented",
      reason: 'copyThread() exists but throws "not implemented" in every test',
    });
  }, 60_000);

  describe("SqliteSaver (:memory:)", () => {
    const sqlite = (knownDeviations: KnownDeviation[] = []) =>
      checkpointerTest({ name: "SqliteSaver", knownDeviations }, () => SqliteSaver.fromConnString(":memory:"));

    it("extended methods are not implemented; the inherited delta walk fails only on task-path order (a real deviation)", async () => {
      const report = await validate(sqlite(), QUIET);
      for (const cap of ["delete_for_runs", "copy_thread", "prune"] as const)
        expect(report.results[cap]?.status, cap).toBe("not-implemented");
      const dch = report.results.delta_channel_history!;
      expect(dch).toMatchObject({ status: "failed", detected: false, inherited: true });
      expect(dch.tests.filter((t) => t.status === "failed").map((t) => t.name)).toEqual(["test_history_orders_writes_by_task_path"]);
      expect(report.toDict().results.delta_channel_history).toMatchObject({ detected: false, inherited: true, passed: false });
      expect(report.passedAll()).toBe(false);
    }, 120_000);

    it("with its base deviations declared, the inherited failure gives BASE+PARTIAL; with the documented DCH deviation, FULL", async () => {
      const first = await validate(sqlite(), QUIET);
      const baseFailures = first
        .failures()
        .filter((f) => f.capability !== "delta_channel_history")
        .map((f) => f.test.name);
      const base: KnownDeviation = { tests: baseFailures, reason: "measured SqliteSaver base deviations (see official-savers.md)" };
      const withBase = await validate(sqlite(baseFailures.length > 0 ? [base] : []), QUIET);
      expect(withBase.passedAllBase()).toBe(true);
      expect(withBase.conformanceLevel()).toBe("BASE+PARTIAL");
      const withAll = await validate(sqlite([...(baseFailures.length > 0 ? [base] : []), SQLITE_DELTA_ORDER]), QUIET);
      const deviation = withAll.toDict().results.delta_channel_history.deviations;
      expect(deviation).toEqual([expect.objectContaining({ name: "test_history_orders_writes_by_task_path", occurred: true })]);
      expect(withAll.conformanceLevel()).toBe("FULL");
    }, 180_000);
  });
});
