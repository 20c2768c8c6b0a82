import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, validate } from "../../src/index.js";
import { ConformanceReport, type CapabilityResult, type TestResult } from "../../src/report/conformance-report.js";
import { reportToJSON } from "../../src/report/json.js";
import { reportFromJSON } from "../../src/sections/report-json.js";
import { fanOutHooks, forwardingHooks, PROGRESS_HOOKS, type HookCall, type ProgressHooks } from "../../src/run/progress.js";
import type { ChildMessage } from "../../src/supervisor/protocol.js";
import {
  describePositionBriefly,
  NOT_RUN_INTERRUPTED,
  RunTracker,
  testKey,
  type AloneOutcome,
  type Ending,
} from "../../src/supervisor/run-tracker.js";

/** Hooks that record every call (name and arguments, as JSON would carry them). */
function recorder(): { hooks: ProgressHooks; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const hooks = Object.fromEntries(
    Object.keys(PROGRESS_HOOKS).map((name) => [name, (...args: unknown[]) => calls.push([name, ...args])]),
  ) as ProgressHooks;
  return { hooks, calls };
}

/** A message as the child writes it and the parent reads it: one line of JSON. */
const overTheWire = (message: ChildMessage): ChildMessage => JSON.parse(JSON.stringify(message)) as ChildMessage;

const test = (name: string, status: "passed" | "skipped" = "passed"): TestResult =>
  status === "passed"
    ? { name, ids: [], description: name, advisory: false, status, durationMs: 1 }
    : { name, ids: [], description: name, advisory: false, status, reason: "left out by skipTests (--skip-test)" };

const PLAN: ChildMessage = {
  t: "plan",
  capabilities: [{ capability: "put", tests: ["a", "b", "c"].map((name) => ({ name, ids: [], description: name, advisory: false })) }],
  skipped: [],
  catalog: {},
  timeoutMs: 1000,
  sectionsAsked: false,
  profile: "full",
};
const CRASH: Ending = { kind: "killed", text: "the saver's process was killed by SIGABRT during put › a, put › b" };

/** A child's run of `put`, as the engine reports it through the hooks: `running` are started and never end (the child crashed). */
function child(tracker: RunTracker, finished: TestResult[], running: string[] = [], end?: CapabilityResult["status"]): void {
  const hook = (call: HookCall) => tracker.handle(overTheWire({ t: "hook", call }));
  hook({ name: "onRunStart", args: [{ subjectName: "S", checkpointerName: "S", capabilities: ["put"] }] });
  hook({ name: "onCapabilityStart", args: ["put", true] });
  for (const t of finished) {
    hook({ name: "onTestStart", args: ["put", t.name] });
    hook({ name: "onTestResult", args: ["put", t.name, t.status === "passed", undefined, t] });
  }
  for (const name of running) hook({ name: "onTestStart", args: ["put", name] });
  if (end) {
    const result = {
      capability: "put",
      kind: "base",
      detected: true,
      inherited: false,
      durationMs: 1,
      status: end,
      tests: finished,
    } as CapabilityResult;
    hook({ name: "onCapabilityEnd", args: ["put", result] });
  }
}

describe("the supervisor's messages are the progress hooks, sent generically", () => {
  it("every hook called during a run reaches the parent's hooks with the same arguments (undefined ones included)", async () => {
    const direct = recorder();
    const replayed = recorder();
    const tracker = new RunTracker("fallback", replayed.hooks, () => {});
    const forward = forwardingHooks((call) => tracker.handle(overTheWire({ t: "hook", call })));
    const both = fanOutHooks([direct.hooks, forward]);
    await validate(
      checkpointerTest({ name: "Memory" }, () => new MemorySaver()),
      { capabilities: ["put", "get_tuple"], model: false, graph: false, progress: both },
    );
    const during = direct.calls.filter(([name]) => PROGRESS_HOOKS[name as keyof typeof PROGRESS_HOOKS] === "during");
    expect(during.length).toBeGreaterThan(20);
    expect(direct.calls.at(-1)?.[0], "fanOutHooks passes on the end hook too").toBe("onRunEnd");
    expect(replayed.calls).toEqual(JSON.parse(JSON.stringify(during), (_k, v: unknown) => (v === null ? undefined : v)));
    // A passed test's error is undefined on both sides, not null.
    expect(replayed.calls.find(([name]) => name === "onTestResult")![4]).toBeUndefined();
    expect(Object.keys(forward).sort()).toEqual(
      Object.keys(PROGRESS_HOOKS)
        .filter((n) => PROGRESS_HOOKS[n as keyof typeof PROGRESS_HOOKS] === "during")
        .sort(),
    );
  });
});

describe("several tests in flight at a crash", () => {
  function crashedWithTwoInFlight(alone: Map<string, AloneOutcome>) {
    const seen = recorder();
    const tracker = new RunTracker("S", seen.hooks, () => {});
    tracker.handle(PLAN);
    child(tracker, [], ["a", "b"]);
    expect(tracker.inFlightTests()).toEqual([
      { capability: "put", name: "a" },
      { capability: "put", name: "b" },
    ]);
    const next = tracker.afterCrash(CRASH, {}, alone);
    return { tracker, next, seen };
  }

  it("the one that crashes alone fails with the crash; the other keeps its own result; a fresh child runs the rest and the results merge", () => {
    const alone = new Map<string, AloneOutcome>([
      [testKey("put", "a"), { crashed: { kind: "killed", text: "the saver's process was killed by SIGABRT during put › a" } }],
      [testKey("put", "b"), { result: test("b") }],
    ]);
    const { tracker, next, seen } = crashedWithTwoInFlight(alone);
    expect(next).toEqual({ capabilities: ["put"], skipTests: ["a", "b"], model: {} });
    tracker.beginChild();
    child(tracker, [test("a", "skipped"), test("b", "skipped"), test("c")], [], "passed");
    tracker.handle(overTheWire({ t: "report", report: reportToJSON(new ConformanceReport({ subjectName: "S", results: {} })) }));
    const put = tracker.finalReport(undefined).results.put!;
    expect(put.status).toBe("failed");
    expect(put.tests.map((t) => [t.name, t.status])).toEqual([
      ["a", "failed"],
      ["b", "passed"],
      ["c", "passed"],
    ]);
    const a = put.tests[0]!;
    expect(a.status === "failed" && a.failure.message).toBe(
      "the saver's process was killed by SIGABRT during put › a (run alone, after the process crashed while 1 other test ran at once)",
    );
    // The run's crash, in words, is the culprit's alone: not the list of every test in flight.
    expect(tracker.crashes).toEqual(["the saver's process was killed by SIGABRT during put › a"]);
    // The user's hooks saw each test once, and the capability's end once, with the merged result.
    const results = seen.calls.filter(([name]) => name === "onTestResult").map((c) => c[2]);
    expect(results).toEqual(["a", "b", "c"]);
    expect(seen.calls.filter(([name]) => name === "onCapabilityEnd")).toEqual([["onCapabilityEnd", "put", put]]);
    expect(seen.calls.filter(([name]) => name === "onRunStart")).toHaveLength(1);
  });

  it("a test that ran only in a group with the culprit is not blamed: the fresh child runs it again, and it keeps that result", () => {
    // b crashed alone; a ran only in the group with b (a bisection of the tests in flight), so it has no outcome of its own.
    const alone = new Map<string, AloneOutcome>([
      [testKey("put", "b"), { crashed: { kind: "killed", text: "the saver's process was killed by SIGABRT during put › b" } }],
    ]);
    const { tracker, next, seen } = crashedWithTwoInFlight(alone);
    expect(next).toEqual({ capabilities: ["put"], skipTests: ["b"], model: {} });
    expect(seen.calls.filter(([name]) => name === "onTestResult").map((c) => c[2])).toEqual(["b"]);
    tracker.beginChild();
    child(tracker, [test("a"), test("b", "skipped"), test("c")], [], "passed");
    const put = tracker.finalReport(undefined).results.put!;
    expect(put.tests.map((t) => [t.name, t.status === "failed" ? t.failure.message : t.status])).toEqual([
      ["a", "passed"],
      [
        "b",
        "the saver's process was killed by SIGABRT during put › b (run alone, after the process crashed while 1 other test ran at once)",
      ],
      ["c", "passed"],
    ]);
    expect(put.tests.filter((t) => t.status === "failed")).toHaveLength(1);
  });

  it("when none crashes alone, the test whose call started last fails with the crash (one crash, one failure); the other keeps its result alone", () => {
    const alone = new Map<string, AloneOutcome>([
      [testKey("put", "a"), { result: test("a") }],
      [testKey("put", "b"), { result: test("b") }],
    ]);
    const { tracker } = crashedWithTwoInFlight(alone);
    tracker.beginChild();
    child(tracker, [test("a", "skipped"), test("b", "skipped"), test("c")], [], "passed");
    const put = tracker.finalReport(undefined).results.put!;
    expect(put.tests.map((t) => (t.status === "failed" ? t.failure.message : t.status))).toEqual([
      "passed",
      `${CRASH.text} (its saver call started last of 2 tests running at once; run alone, none of them crashed the process again)`,
      "passed",
    ]);
  });
});

describe("every section the run asked for is in its report, run or said not run (INCOMPLETE)", () => {
  const PLAN_WITH_MODEL: ChildMessage = { ...(PLAN as Extract<ChildMessage, { t: "plan" }>), sectionsAsked: true, sections: ["model"] };

  it("a run resumed after a crash whose processes never ran the model: the report has a model section NOT RUN with why, the level is INCOMPLETE and the run does not pass", () => {
    const tracker = new RunTracker("S", {}, () => {});
    tracker.handle(PLAN_WITH_MODEL);
    child(tracker, [test("a")], ["b"]);
    tracker.afterCrash(CRASH, {});
    tracker.beginChild();
    child(tracker, [test("a", "skipped"), test("b"), test("c")], [], "passed");
    // The resumed child's report has no model section (it ran none).
    tracker.handle(overTheWire({ t: "report", report: reportToJSON(new ConformanceReport({ subjectName: "S", results: {} })) }));
    const report = tracker.finalReport(undefined);
    const model = report.sections.find((s) => s.key === "model");
    expect(model?.lines().join("\n")).toMatch(
      /^MODEL NOT RUN\n {2}– the saver's process ended during the run \(the saver's process was killed by SIGABRT/,
    );
    expect(report.conformanceLevel()).toBe("INCOMPLETE");
    expect(report.passedAll()).toBe(false);
    expect(report.verdict().passed).toBe(false);
    expect(report.verdict().resultLine).toContain("model not run");
    expect(report.verdict().explanation).toMatch(/^INCOMPLETE: asked for but not run: model/);
    // And as the JSON says it (the CLI's --reporter json, a report read back).
    expect(report.toDict().conformance_level).toBe("INCOMPLETE");
    expect(reportFromJSON(reportToJSON(report)).conformanceLevel()).toBe("INCOMPLETE");
  });

  it("a run cut short by the interrupt: the model is not run (interrupted), the level is INTERRUPTED", () => {
    const tracker = new RunTracker("S", {}, () => {});
    tracker.handle(PLAN_WITH_MODEL);
    child(tracker, [test("a")], ["b"]);
    const report = tracker.finalReport({ kind: "interrupted", text: "interrupted by SIGINT during put › b" });
    expect(report.sections.find((s) => s.key === "model")?.lines()[1]).toBe("  – interrupted during put › b");
    expect(report.conformanceLevel()).toBe("INTERRUPTED");
    expect(reportFromJSON(reportToJSON(report)).conformanceLevel()).toBe("INTERRUPTED");
  });

  it("a report with the model it was asked for adds nothing", () => {
    const tracker = new RunTracker("S", {}, () => {});
    tracker.handle(PLAN_WITH_MODEL);
    child(tracker, [test("a"), test("b"), test("c")], [], "passed");
    const section = { key: "model", lines: () => ["MODEL"], toJSON: () => ({}), passed: () => true };
    tracker.handle(
      overTheWire({ t: "report", report: reportToJSON(new ConformanceReport({ subjectName: "S", results: {}, sections: [section] })) }),
    );
    const report = tracker.finalReport(undefined);
    expect(report.sections.map((s) => s.key)).toEqual(["model"]);
    expect(report.conformanceLevel()).not.toBe("INCOMPLETE");
  });
});

describe("an interrupted run reports what it knows", () => {
  it("finished tests keep their results; the tests in flight are not run (interrupted), never failures or a cause; the level is INTERRUPTED; no test repeats the in-flight list", () => {
    const tracker = new RunTracker("S", {}, () => {});
    tracker.handle({
      ...(PLAN as Extract<ChildMessage, { t: "plan" }>),
      capabilities: [
        { capability: "put", tests: ["a", "b", "c", "d", "e", "f"].map((name) => ({ name, ids: [], description: name, advisory: false })) },
      ],
    });
    child(tracker, [test("a")], ["b", "c", "d", "e"]);
    const report = tracker.finalReport({
      kind: "interrupted",
      text: `interrupted by SIGINT during ${describePositionBriefly(tracker.position())}`,
    });
    const put = report.results.put!;
    expect(put.tests.map((t) => [t.name, t.status])).toEqual([
      ["a", "passed"],
      ["b", "skipped"],
      ["c", "skipped"],
      ["d", "skipped"],
      ["e", "skipped"],
      ["f", "skipped"],
    ]);
    expect(new Set(put.tests.slice(1).map((t) => (t.status === "skipped" ? t.reason : "")))).toEqual(new Set([NOT_RUN_INTERRUPTED]));
    expect(put.status, "begun, not completed: not a pass, not a failure").toBe("skipped");
    expect(report.causes()).toEqual([]);
    expect(report.conformanceLevel()).toBe("INTERRUPTED");
    expect(report.verdict().passed).toBe(false);
    const supervision = report.sections.find((s) => s.key === "supervision")!;
    expect(supervision.lines()[1]).toBe("  interrupted by SIGINT during put › b, put › c, put › d (+1 more in flight); 5 tests not run.");
  });

  it("a test that failed before the interrupt keeps its failure: its capability failed", () => {
    const tracker = new RunTracker("S", {}, () => {});
    tracker.handle(PLAN);
    const failed: TestResult = {
      name: "a",
      ids: [],
      description: "a",
      advisory: false,
      status: "failed",
      durationMs: 1,
      failure: { message: "wrong", errorName: "ConformanceError", thrownBySaver: false },
    };
    child(tracker, [failed], ["b"]);
    const report = tracker.finalReport({ kind: "interrupted", text: "interrupted by SIGINT during put › b" });
    expect(report.results.put?.status).toBe("failed");
    expect(report.causes().flatMap((c) => c.failures.map((f) => f.label))).toEqual(["put › a"]);
    expect(report.conformanceLevel()).toBe("INTERRUPTED");
  });
});
