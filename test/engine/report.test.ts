import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, ProgressCallbacks, validate } from "../../src/index.js";
import { ConformanceReport, type CapabilityResult } from "../../src/report/conformance-report.js";

function result(
  capability: CapabilityResult["capability"],
  status: "passed" | "failed" | "not-implemented" | "skipped",
  extra: Partial<CapabilityResult> = {},
): CapabilityResult {
  const kind = ["put", "put_writes", "get_tuple", "list", "delete_thread"].includes(capability) ? "base" : "extended";
  const detected = status === "passed" || status === "failed";
  return { capability, kind, status, detected, inherited: false, tests: [], durationMs: 0, reason: "r", ...extra } as CapabilityResult;
}

const base = ["put", "put_writes", "get_tuple", "list", "delete_thread"] as const;

describe("conformance levels follow Python's rules", () => {
  it("FULL when every detected capability passed", () => {
    const results = Object.fromEntries(base.map((c) => [c, result(c, "passed")]));
    results.copy_thread = result("copy_thread", "not-implemented");
    expect(new ConformanceReport({ subjectName: "x", results }).conformanceLevel()).toBe("FULL");
  });
  it("BASE+PARTIAL when base passed and an extension failed", () => {
    const results = Object.fromEntries(base.map((c) => [c, result(c, "passed")]));
    results.prune = result("prune", "failed");
    const report = new ConformanceReport({ subjectName: "x", results });
    expect(report.passedAllBase()).toBe(true);
    expect(report.passedAll()).toBe(false);
    expect(report.conformanceLevel()).toBe("BASE+PARTIAL");
  });
  it("BASE when some base capability passed, NONE when none did", () => {
    const some = Object.fromEntries(base.map((c, i) => [c, result(c, i === 0 ? "passed" : "failed")]));
    expect(new ConformanceReport({ subjectName: "x", results: some }).conformanceLevel()).toBe("BASE");
    const none = Object.fromEntries(base.map((c) => [c, result(c, "failed")]));
    expect(new ConformanceReport({ subjectName: "x", results: none }).conformanceLevel()).toBe("NONE");
  });
  it("an inherited capability that fails downgrades FULL to BASE+PARTIAL", () => {
    const results = Object.fromEntries(base.map((c) => [c, result(c, "passed")]));
    results.delta_channel_history = result("delta_channel_history", "failed", { detected: false, inherited: true });
    expect(new ConformanceReport({ subjectName: "x", results }).conformanceLevel()).toBe("BASE+PARTIAL");
  });
  it("skipped base capabilities do not pass the base level", () => {
    const results = Object.fromEntries(base.map((c) => [c, result(c, c === "list" ? "skipped" : "passed")]));
    expect(new ConformanceReport({ subjectName: "x", results }).passedAllBase()).toBe(false);
  });
});

describe("the report of a real run", () => {
  it("toDict keeps Python's keys and types", async () => {
    const report = await validate(
      checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()),
      { capabilities: ["put"] },
    );
    const dict = report.toDict();
    expect(dict.checkpointer_name).toBe("MemorySaver");
    expect(Object.keys(dict.results)).toEqual([
      "put",
      "put_writes",
      "get_tuple",
      "list",
      "delete_thread",
      "delete_for_runs",
      "copy_thread",
      "prune",
      "delta_channel_history",
    ]);
    const put = dict.results.put;
    expect(put).toMatchObject({ detected: true, passed: true, tests_failed: 0, tests_skipped: 0, failures: [] });
    expect(put.tests_passed).toBeGreaterThan(10);
    expect(dict.results.list).toMatchObject({ detected: false, passed: null, tests_skipped: 1, status: "skipped" });
    expect(JSON.parse(JSON.stringify(dict))).toEqual(dict);
  });

  it("printReport uses Python's layout", async () => {
    const report = await validate(
      checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()),
      { capabilities: ["put"] },
    );
    const text = report.formatReport();
    expect(text).toContain("  ====================================================\n    Checkpointer Validation: MemorySaver\n");
    expect(text).toMatch(/ {4}BASE CAPABILITIES\n {6}⏭  delete_thread {8}\(skipped\)/);
    expect(text).toContain("      ✅ put\n");
    expect(text).toContain("    EXTENDED CAPABILITIES\n");
    expect(text).toMatch(/Result: FULL \(1\/1\)/);
  });

  it("a failing test is reported with its name, catalog ids, clause and expected vs actual", async () => {
    class LosesMetadata extends MemorySaver {
      override async getTuple(config: Parameters<MemorySaver["getTuple"]>[0]) {
        const tuple = await super.getTuple(config);
        return tuple && { ...tuple, metadata: { source: "loop", step: 3, parents: {} } as never };
      }
    }
    const report = await validate(
      checkpointerTest({ name: "Lossy" }, () => new LosesMetadata()),
      {
        capabilities: ["put"],
        grep: "test_put_preserves_metadata",
      },
    );
    const [failure] = report.failures();
    expect(failure.test.name).toBe("test_put_preserves_metadata");
    expect(failure.test.ids).toEqual(["PUT-06"]);
    expect(failure.test.failure.message).toBe(
      'metadata.custom_key (a custom key) must read back as put\n  expected: "custom_value"\n  actual:   undefined',
    );
    expect(report.formatReport()).toContain("✗ put › test_put_preserves_metadata [PUT-06]");
  });
});

describe("progress callbacks", () => {
  it("default() writes a dot per passed test as it happens, verbose() names and errors", async () => {
    const reg = checkpointerTest({ name: "m" }, () => new MemorySaver());
    let dots = "";
    await validate(reg, { capabilities: ["put"], grep: "roundtrip", progress: ProgressCallbacks.default((t) => (dots += t)) });
    expect(dots).toContain("  put: .\n");
    let verbose = "";
    await validate(reg, { capabilities: ["put"], grep: "roundtrip", progress: ProgressCallbacks.verbose((t) => (verbose += t)) });
    expect(verbose).toContain("    ✓ test_put_roundtrip [PUT-02]\n");
  });
  it("custom callbacks receive Python's arguments plus the result", async () => {
    const seen: string[] = [];
    await validate(
      checkpointerTest({ name: "m" }, () => new MemorySaver()),
      {
        capabilities: ["put"],
        grep: "roundtrip",
        progress: new ProgressCallbacks({
          onCapabilityStart: (cap, detected) => seen.push(`start ${cap} ${detected}`),
          onTestResult: (cap, name, passed, error, r) => seen.push(`${cap} ${name} ${passed} ${error} ${r.ids.join()}`),
          onCapabilityEnd: (cap, r) => seen.push(`end ${cap} ${r.status}`),
        }),
      },
    );
    expect(seen).toContain("start put true");
    expect(seen).toContain("put test_put_roundtrip true undefined PUT-02");
    expect(seen).toContain("end put passed");
  });
  it("quiet() prints nothing", () => {
    const q = ProgressCallbacks.quiet();
    expect(q.onTestResult).toBeUndefined();
  });
});
