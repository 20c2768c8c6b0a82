import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, validate } from "../../src/index.js";
import type { Capability } from "../../src/kinds/checkpointer/capabilities.js";
import { runCapabilities } from "../../src/engine/capability-run.js";
import { planRun, type AnySpecTest, type RunPlan } from "../../src/engine/run-plan.js";
import type { CapabilityResult, TestResult } from "../../src/report/conformance-report.js";
import type { HookCall, ProgressHooks } from "../../src/run/progress.js";
import { serialOrderHooks } from "../../src/run/serial-progress.js";
import { TestBudget } from "../../src/run/test-budget.js";
import type { ChildMessage, RunRequest } from "../../src/supervisor/protocol.js";
import { effectiveModelOptions } from "../../src/kinds/checkpointer/model/options.js";
import { RunTracker, testKey, type AloneOutcome } from "../../src/supervisor/run-tracker.js";

/**
 * Capabilities in parallel (issue 22): each on its own saver, one budget of
 * `concurrency` tests in flight for the whole run, output in the serial order.
 * No timing: fake spec tests count what is in flight at each of their steps.
 */

const CAPABILITIES: Capability[] = ["put", "put_writes", "get_tuple"];

/** What the fake tests saw: tests in flight in the whole run and per capability, and every breach of an exclusive test's saver. */
function inFlightLog() {
  const byCapability = new Map<Capability, number>();
  const exclusiveRunning = new Set<Capability>();
  const log = { now: 0, most: 0, mostCapabilities: 0, sharedWithExclusive: [] as string[], othersDuringExclusive: 0 };
  const enter = (capability: Capability, name: string, exclusive: boolean) => {
    if (exclusiveRunning.has(capability) || (exclusive && (byCapability.get(capability) ?? 0) > 0))
      log.sharedWithExclusive.push(`${capability} › ${name}`);
    if (exclusive) exclusiveRunning.add(capability);
    byCapability.set(capability, (byCapability.get(capability) ?? 0) + 1);
    log.now++;
    log.most = Math.max(log.most, log.now);
    log.mostCapabilities = Math.max(log.mostCapabilities, [...byCapability.values()].filter((n) => n > 0).length);
  };
  const step = (capability: Capability) => {
    if (exclusiveRunning.size > 0 && [...byCapability].some(([other, n]) => other !== capability && n > 0)) log.othersDuringExclusive++;
  };
  const leave = (capability: Capability, exclusive: boolean) => {
    if (exclusive) exclusiveRunning.delete(capability);
    byCapability.set(capability, byCapability.get(capability)! - 1);
    log.now--;
  };
  return { log, enter, step, leave };
}

/** A plan of three capabilities on MemorySaver, each with six fake tests (the fourth exclusive) that take a few turns of the event loop. */
function fakePlan(concurrency: number, counter: ReturnType<typeof inFlightLog>): RunPlan {
  const plan = planRun(
    checkpointerTest({ name: "memory" }, () => new MemorySaver()),
    { concurrency, capabilities: CAPABILITIES },
    "test",
  );
  const fakeTest = (capability: Capability, index: number): AnySpecTest => {
    const exclusive = index === 3;
    return {
      name: `test_${capability}_${index}`,
      ids: ["PUT-01"],
      description: "a fake test",
      ...(exclusive ? { exclusive: true } : {}),
      async run() {
        counter.enter(capability, `test_${capability}_${index}`, exclusive);
        for (let i = 0; i < 6; i++) {
          await new Promise((resolve) => setImmediate(resolve));
          counter.step(capability);
        }
        counter.leave(capability, exclusive);
      },
    };
  };
  return {
    ...plan,
    capabilities: plan.capabilities.map((c) => ({
      ...c,
      tests: Array.from({ length: 6 }, (_, i) => fakeTest(c.capability as Capability, i)),
    })),
  };
}

/** The calls a reporter sees, without onTestStart (under concurrency it also names the test whose call started last). */
function reporterCalls(): { hooks: ProgressHooks; calls: string[] } {
  const calls: string[] = [];
  const hooks: ProgressHooks = {
    onCapabilityStart: (capability, detected) => calls.push(`start ${capability} ${detected}`),
    onTestResult: (capability, name, _passed, _error, result) => calls.push(`${capability} › ${name}: ${result.status}`),
    onCapabilityEnd: (capability, result) => calls.push(`end ${capability} ${result.status}`),
  };
  return { hooks, calls };
}

describe("capabilities in parallel under one budget", () => {
  it("capabilities overlap, each on its own saver, with at most `concurrency` tests in flight in the whole run; an exclusive test shares its saver with no test", async () => {
    const counter = inFlightLog();
    const results = await runCapabilities(fakePlan(3, counter), {}, new TestBudget(3));
    expect(counter.log.mostCapabilities, "more than one capability in flight at once").toBeGreaterThan(1);
    // Each capability alone could run 3 at once: 9 without one budget for the run.
    expect(counter.log.most).toBeLessThanOrEqual(3);
    expect(counter.log.sharedWithExclusive).toEqual([]);
    expect(
      counter.log.othersDuringExclusive,
      "other capabilities' tests go on while an exclusive test runs on its own saver",
    ).toBeGreaterThan(0);
    expect(
      results
        .filter((r) => CAPABILITIES.includes(r.capability as Capability))
        .map((r) => [r.capability, r.status, r.tests.map((t) => t.name)]),
    ).toEqual(CAPABILITIES.map((c) => [c, "passed", Array.from({ length: 6 }, (_, i) => `test_${c}_${i}`)]));
  });

  it("a budget of 1 is the serial run: one test at a time, one capability after another", async () => {
    const counter = inFlightLog();
    await runCapabilities(fakePlan(1, counter), {}, new TestBudget(1));
    expect([counter.log.most, counter.log.mostCapabilities]).toEqual([1, 1]);
  });

  it("the budget serves waiters in order, and `alone` waits for everything in flight and holds back what comes after it", async () => {
    const budget = new TestBudget(2);
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = budget.one(async () => {
      order.push("one starts");
      await held;
      order.push("one ends");
    });
    const alone = budget.alone(async () => void order.push("alone"));
    const later = budget.one(async () => void order.push("later"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["one starts"]);
    release();
    await Promise.all([first, alone, later]);
    expect(order).toEqual(["one starts", "one ends", "alone", "later"]);
    expect((await budget.one(async () => 1)).overlapped).toBe(false);
  });

  it("a slot asked `first` (a test that starts a long path) waits ahead of the single slots asked before it, never ahead of a waiting `alone`", async () => {
    const budget = new TestBudget(1);
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = budget.one(() => held);
    const waiting = [
      budget.one(async () => void order.push("plain")),
      budget.alone(async () => void order.push("alone")),
      budget.one(async () => void order.push("plain after alone")),
      budget.one(async () => void order.push("plain 3")),
      budget.one(async () => void order.push("plain 4")),
    ];
    // Asked last: served ahead of the plain slots that wait behind the alone run, then another `first` behind it.
    waiting.push(budget.one(async () => void order.push("long path"), { first: true }));
    waiting.push(budget.one(async () => void order.push("long path 2"), { first: true }));
    release();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual(["plain", "alone", "long path", "long path 2", "plain after alone", "plain 3", "plain 4"]);
  });

  it("a long chain (ORD-06, VAL-14) starts ahead of the other capabilities' tests already waiting for the budget", async () => {
    const started: string[] = [];
    const plan = planRun(
      checkpointerTest({ name: "memory" }, () => new MemorySaver()),
      { concurrency: 3, capabilities: CAPABILITIES },
      "test",
    );
    const fakeTest = (capability: Capability, index: number): AnySpecTest => ({
      name: `${capability}_${index}`,
      ids: ["PUT-01"],
      description: "a fake test",
      ...(capability === "get_tuple" && index === 0 ? { longChain: true } : {}),
      async run() {
        started.push(`${capability}_${index}`);
        for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      },
    });
    const tests = {
      ...plan,
      capabilities: plan.capabilities.map((c) => ({
        ...c,
        tests: Array.from({ length: 4 }, (_, i) => fakeTest(c.capability as Capability, i)),
      })),
    };
    await runCapabilities(tests, {}, new TestBudget(3));
    // put's tests take the three slots; put_writes' wait first, then get_tuple's: its long chain is served ahead of them.
    expect(started.indexOf("get_tuple_0")).toBe(3);
    expect(started.filter((name) => name.startsWith("get_tuple")).length).toBe(4);
  });

  it("reporters see a concurrent run's progress in the serial run's order", async () => {
    const run = async (concurrency: number) => {
      const seen = reporterCalls();
      const registered = checkpointerTest({ name: "memory" }, () => new MemorySaver());
      await validate(registered, { capabilities: ["put", "get_tuple", "delete_thread"], model: false, concurrency, progress: seen.hooks });
      return seen.calls;
    };
    const serial = await run(1);
    expect(serial.length).toBeGreaterThan(60);
    expect(await run(4)).toEqual(serial);
  });

  it("calls held for a later capability pass once the ones before it end; a run cut short passes what is left", () => {
    const seen = reporterCalls();
    const ordered = serialOrderHooks(seen.hooks, ["put", "put_writes", "get_tuple"]);
    const passed = (name: string) => ({ name, ids: [], description: name, advisory: false, status: "passed", durationMs: 1 }) as TestResult;
    const result = (capability: Capability) => ({ capability, status: "passed", tests: [] }) as unknown as CapabilityResult;
    ordered.onCapabilityStart!("get_tuple", true);
    ordered.onTestResult!("get_tuple", "c", true, undefined, passed("c"));
    ordered.onCapabilityStart!("put", true);
    ordered.onCapabilityStart!("put_writes", true);
    ordered.onTestResult!("put", "a", true, undefined, passed("a"));
    expect(seen.calls).toEqual(["start put true", "put › a: passed"]);
    ordered.onCapabilityEnd!("put", result("put"));
    expect(seen.calls.at(-1)).toBe("start put_writes true");
    ordered.flush();
    expect(seen.calls).toEqual([
      "start put true",
      "put › a: passed",
      "end put passed",
      "start put_writes true",
      "start get_tuple true",
      "get_tuple › c: passed",
    ]);
  });
});

describe("a supervised child's capabilities in parallel", () => {
  const passed = (name: string): TestResult => ({ name, ids: [], description: name, advisory: false, status: "passed", durationMs: 1 });
  const PLAN: ChildMessage = {
    t: "plan",
    capabilities: [
      { capability: "put", tests: ["a", "b"].map((name) => ({ name, ids: [], description: name, advisory: false })) },
      { capability: "get_tuple", tests: ["c", "d"].map((name) => ({ name, ids: [], description: name, advisory: false })) },
    ],
    skipped: [],
    catalog: {},
    timeoutMs: 1000,
    sectionsAsked: false,
    profile: "full",
  };

  it("the parent puts interleaved calls in the serial order, and a crash settles every capability in flight with what it finished", () => {
    const seen = reporterCalls();
    const tracker = new RunTracker("S", seen.hooks, () => {});
    const hook = (call: HookCall) => tracker.handle(JSON.parse(JSON.stringify({ t: "hook", call })) as ChildMessage);
    tracker.handle(PLAN);
    hook({ name: "onRunStart", args: [{ subjectName: "S", checkpointerName: "S", capabilities: ["put", "get_tuple"] }] });
    hook({ name: "onCapabilityStart", args: ["get_tuple", true] });
    hook({ name: "onCapabilityStart", args: ["put", true] });
    hook({ name: "onTestStart", args: ["get_tuple", "c"] });
    hook({ name: "onTestStart", args: ["put", "a"] });
    hook({ name: "onTestResult", args: ["get_tuple", "c", true, undefined, passed("c")] });
    hook({ name: "onTestResult", args: ["put", "a", true, undefined, passed("a")] });
    hook({ name: "onTestStart", args: ["get_tuple", "d"] });
    hook({ name: "onTestStart", args: ["put", "b"] });
    expect(tracker.inFlightTests().map((t) => testKey(t.capability, t.name))).toEqual([testKey("get_tuple", "d"), testKey("put", "b")]);
    expect(seen.calls).toEqual(["start put true", "put › a: passed"]);
    const alone = new Map<string, AloneOutcome>([
      [testKey("put", "b"), { crashed: { kind: "killed", text: "killed by SIGABRT during put › b" } }],
      [testKey("get_tuple", "d"), { result: passed("d") }],
    ]);
    expect(tracker.afterCrash({ kind: "killed", text: "killed by SIGABRT" }, {}, alone)).toBe("done");
    const report = tracker.finalReport(undefined);
    expect(report.results.put?.tests.map((t) => [t.name, t.status])).toEqual([
      ["a", "passed"],
      ["b", "failed"],
    ]);
    expect(report.results.get_tuple?.tests.map((t) => [t.name, t.status])).toEqual([
      ["c", "passed"],
      ["d", "passed"],
    ]);
    expect(seen.calls).toEqual([
      "start put true",
      "put › a: passed",
      "put › b: failed",
      "end put failed",
      "start get_tuple true",
      "get_tuple › c: passed",
      "get_tuple › d: passed",
      "end get_tuple passed",
    ]);
  });

  it("a crash while the model runs alongside blames no test: a fresh child runs the tests in flight again, and the sections after the capabilities", () => {
    const tracker = new RunTracker("S", {}, () => {});
    const hook = (call: HookCall) => tracker.handle({ t: "hook", call });
    tracker.handle(PLAN);
    tracker.handle({ t: "sections-alongside", running: true });
    hook({ name: "onRunStart", args: [{ subjectName: "S", checkpointerName: "S", capabilities: ["put", "get_tuple"] }] });
    hook({ name: "onCapabilityStart", args: ["put", true] });
    hook({ name: "onTestStart", args: ["put", "a"] });
    hook({ name: "onTestResult", args: ["put", "a", true, undefined, passed("a")] });
    hook({ name: "onTestStart", args: ["put", "b"] });
    const next = tracker.afterCrash({ kind: "killed", text: "killed by SIGABRT" }, {});
    expect(next).toMatchObject({ capabilities: ["put", "get_tuple"], skipTests: ["a"] });
    expect(tracker.sectionsAfterCapabilities).toBe(true);
    // The default model runs on whole runs only: narrowed to what is left, the fresh child must still be asked for it.
    expect(typeof next === "object" && effectiveModelOptions(next), "the model in the fresh child's options").toEqual({});
  });

  it("a crash resumes with the sections the run was asked for: a model turned off stays off, a model with options keeps them", () => {
    const resumed = (options: RunRequest["options"]) => {
      const tracker = new RunTracker("S", {}, () => {});
      tracker.handle(PLAN);
      const hook = (call: HookCall) => tracker.handle({ t: "hook", call });
      hook({ name: "onRunStart", args: [{ subjectName: "S", checkpointerName: "S", capabilities: ["put", "get_tuple"] }] });
      hook({ name: "onCapabilityStart", args: ["put", true] });
      hook({ name: "onTestStart", args: ["put", "a"] });
      const next = tracker.afterCrash({ kind: "killed", text: "killed by SIGABRT" }, options);
      return typeof next === "object" ? effectiveModelOptions(next) : next;
    };
    expect(resumed({ model: false })).toBeUndefined();
    expect(resumed({ model: { runs: 3, seed: 7 } })).toEqual({ runs: 3, seed: 7 });
    expect(resumed({ capabilities: ["put", "get_tuple"] }), "a narrowed run has no model by default, resumed or not").toBeUndefined();
  });
});
