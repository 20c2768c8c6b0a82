import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, ConformanceReport, validate, type CapabilityResult, type ReportSection } from "../../src/index.js";
import { userFrames } from "../../src/runtime/user-frames.js";
import { runInProcess } from "../cli/run-cli-in-process.js";
import { spawnedFixture } from "../cli/spawned-fixture.js";
import { REPORTERS, plainPalette } from "../../src/reporters/index.js";

const MEMORY = spawnedFixture("test/cli/fixtures/memory.ts");

function passed(capability: CapabilityResult["capability"], kind: "base" | "extended" = "base"): CapabilityResult {
  return { capability, kind, status: "passed", detected: true, inherited: false, durationMs: 1, tests: [] };
}

function section(key: string, ok: boolean | null, summary?: string): ReportSection {
  return {
    key,
    passed: () => ok,
    lines: () => [`${key.toUpperCase()}`, ok === false ? "  ✗ G01 failed here" : "  ✓"],
    toJSON: () => ({}),
    ...(summary ? { summary: () => summary } : {}),
  };
}

const BASE = ["put", "put_writes", "get_tuple", "list", "delete_thread"] as const;

describe("the one verdict rule", () => {
  it("a section that ran and failed fails passedAll(), the level and the exit verdict", () => {
    const results = Object.fromEntries(BASE.map((c) => [c, passed(c)]));
    const report = new ConformanceReport({ subjectName: "S", results, sections: [section("graph", false, "graph 30/38, 8 FAILED")] });
    expect(report.passedAll()).toBe(false);
    expect(report.conformanceLevel()).toBe("BASE+PARTIAL");
    expect(report.verdict().passed).toBe(false);
    expect(report.verdict().resultLine).toBe("Result: BASE+PARTIAL (5/5); graph 30/38, 8 FAILED");
    expect(report.verdict().explanation).toBe("BASE+PARTIAL: every base capability passed, but not everything; failed: graph");
  });

  it("a base capability skipped by the registration keeps the saver from FULL and from passing", () => {
    const results: Record<string, CapabilityResult> = Object.fromEntries(BASE.map((c) => [c, passed(c)]));
    results.list = { ...passed("list"), status: "skipped", reason: "skipped by skipCapabilities", detected: false };
    const report = new ConformanceReport({ subjectName: "S", results });
    expect(report.verdict()).toMatchObject({ passed: false, level: "BASE", resultLine: "Result: BASE (4/4)" });
    expect(report.passedAll()).toBe(false);
    expect(report.verdict().explanation).toBe("BASE: some base capabilities passed; base capabilities not checked: list");
  });

  it("every reporter prints the same Result line, dots included, with every section that ran", () => {
    const results = Object.fromEntries(BASE.map((c) => [c, passed(c)]));
    const report = new ConformanceReport({
      subjectName: "S",
      results,
      sections: [section("graph", false, "graph 30/38, 8 FAILED"), section("model", true)],
    });
    const line = "Result: BASE+PARTIAL (5/5); graph 30/38, 8 FAILED; model passed";
    for (const name of ["pretty", "dots", "verbose", "markdown", "json", "junit", "github", "html"] as const) {
      const text = REPORTERS[name].report({ write: () => undefined, palette: plainPalette }).render(report);
      expect(text, name).toContain(line);
    }
    const dots = REPORTERS.dots.report({ write: () => undefined, palette: plainPalette }).render(report);
    expect(dots).toContain("✗ G01 failed here");
    expect(report.formatReport()).toContain(
      "    BASE+PARTIAL: every base capability passed, but not everything; failed: graph\n    Result:",
    );
  });

  it("a run that checked nothing is not a pass: level NONE and nothingChecked", () => {
    const notImplemented: CapabilityResult = {
      capability: "copy_thread",
      kind: "extended",
      status: "not-implemented",
      reason: "the saver has no copyThread() method",
      detected: false,
      inherited: false,
      durationMs: 0,
      tests: [],
    };
    const report = new ConformanceReport({ subjectName: "S", results: { copy_thread: notImplemented } });
    expect(report.verdict()).toMatchObject({ passed: false, nothingChecked: true, level: "NONE" });
    expect(report.passedAll()).toBe(false);
  });

  it("grep narrows the verdict to the selected tests: re-running one test of a correct saver passes (exit 0)", async () => {
    const registered = checkpointerTest({ name: "Memory" }, async function* () {
      yield new MemorySaver();
    });
    const report = await validate(registered, { grep: "test_list_before" });
    expect(report.verdict()).toMatchObject({ passed: true, level: "FULL", resultLine: "Result: FULL (1/1)" });
    expect(report.passedAllBase()).toBe(true);
    const cli = await runInProcess([MEMORY, "--grep", "test_list_before", "--reporter", "dots"]);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain("Result: FULL (1/1)");
  });

  it("the CLI: a grep matching nothing or only advisory tests, --skip of everything, or only capabilities the saver lacks exit 2 with one line", async () => {
    // An advisory test never fails: a run of advisory tests only checked nothing, whatever they found (MemorySaver fails this one).
    const advisoryOnly = ["--grep", "test_put_writes_defaults_missing_namespace"];
    for (const args of [
      ["--grep", "no_such_test"],
      advisoryOnly,
      ["--skip", "put,put_writes,get_tuple,list,delete_thread,delete_for_runs,copy_thread,prune,delta_channel_history"],
      ["--capabilities", "copy_thread"],
    ]) {
      const cli = await runInProcess([MEMORY, ...args, "--reporter", "json"]);
      expect(cli.code, args.join(" ")).toBe(2);
      // A run that was cut short only after it ran (nothing implemented) has a progress line on stderr before the one line.
      const lines = cli.stderr
        .trim()
        .split("\n")
        .filter((l) => l.startsWith("checkpoint-conformance:"));
      expect(lines, args.join(" ")).toHaveLength(1);
      expect(lines[0]).toMatch(/^checkpoint-conformance: (validate: )?nothing (to check|was checked)/);
      // Known before the run (grep, --skip): nothing ran, no report was written.
      if (args[0] !== "--capabilities" && args !== advisoryOnly) expect(cli.stdout).toBe("");
    }
  });
});

describe("saver errors show the user's stack frames", () => {
  it("skips node_modules, node: internals and this package's own code", () => {
    const error = new Error("boom");
    error.stack = [
      "Error: boom",
      "    at Object.put (/home/me/project/node_modules/some-driver/index.js:1:1)",
      "    at MySaver.put (/home/me/project/src/my-saver.ts:42:11)",
      "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
      `    at runSpecTest (${new URL("../../src/engine/run-spec-test.ts", import.meta.url).pathname}:60:5)`,
      "    at AsyncGenerator.next (<anonymous>)",
      "    at MySaver.getTuple (file:///home/me/project/src/my-saver.ts:50:3)",
      "    at <anonymous> (/home/me/project/test/setup.ts:20:9)",
      "    at more (/home/me/project/test/setup.ts:30:9)",
    ].join("\n");
    expect(userFrames(error)).toEqual([
      "at MySaver.put (/home/me/project/src/my-saver.ts:42:11)",
      "at MySaver.getTuple (file:///home/me/project/src/my-saver.ts:50:3)",
      "at <anonymous> (/home/me/project/test/setup.ts:20:9)",
    ]);
  });

  it("a saver that throws: the failure message, JSON and JUnit show the line of the saver that threw", async () => {
    class Throwing extends MemorySaver {
      override async put(): Promise<never> {
        throw new TypeError("cannot read properties of undefined (reading 'id')");
      }
    }
    const registered = checkpointerTest({ name: "Throwing" }, async function* () {
      yield new Throwing();
    });
    const report = await validate(registered, { grep: "test_put_returns_config" });
    const failure = report.failures()[0].test.failure;
    expect(failure.message).toMatch(
      /^put\(\) threw TypeError: cannot read properties of undefined \(reading 'id'\)\n {4}at Throwing\.put \(.*verdict\.test\.ts:\d+:\d+\)/,
    );
    expect(failure.frames?.[0]).toMatch(/verdict\.test\.ts/);
    expect(report.toDict().results.put.failure_details[0].frames?.[0]).toMatch(/verdict\.test\.ts/);
    const junit = REPORTERS.junit.report({ write: () => undefined, palette: plainPalette }).render(report);
    expect(junit).toMatch(/at Throwing\.put \(.*verdict\.test\.ts/);
  });

  it("graph and model failures where the saver threw show the line of the saver that threw", async () => {
    class ThrowsOnRead extends MemorySaver {
      override async getTuple(): Promise<never> {
        throw new RangeError("SQLITE_TOOBIG: string or blob too big");
      }
    }
    const registered = checkpointerTest({ name: "ThrowsOnRead" }, async function* () {
      yield new ThrowsOnRead();
    });
    const report = await validate(registered, {
      capabilities: ["delete_thread"],
      graph: { scenarios: ["G01"] },
      model: { runs: 3, seed: 1 },
    });
    for (const key of ["graph", "model"]) {
      const lines = report.sections
        .find((s) => s.key === key)!
        .lines()
        .join("\n");
      expect(lines, key).toContain("SQLITE_TOOBIG");
      expect(lines, key).toMatch(/at ThrowsOnRead\.getTuple \(.*verdict\.test\.ts:\d+:\d+\)/);
    }
    expect(report.verdict().passed).toBe(false);
  });
});
