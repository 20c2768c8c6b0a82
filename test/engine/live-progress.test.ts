import { describe, expect, it } from "vitest";
import { runSchedule, type ScheduleSteps } from "../../src/engine/test-schedule.js";
import type { AnySpecTest } from "../../src/engine/run-plan.js";
import type { TestResult } from "../../src/report/conformance-report.js";
import { TestBudget } from "../../src/run/test-budget.js";
import { inPlannedTestOrder } from "../../src/run/serial-progress.js";
import type { ProgressHooks } from "../../src/run/progress.js";

const spec = (name: string): AnySpecTest => ({ name, ids: ["PUT-01"], description: name, run: async () => {} }) as AnySpecTest;
const passed = (name: string): TestResult => ({
  name,
  ids: ["PUT-01"],
  description: name,
  advisory: false,
  status: "passed",
  durationMs: 1,
});

/** Steps whose first attempts end when the test releases them, recording when each result is told and when it is final. */
function gatedSteps() {
  const gates = new Map<string, () => void>();
  const events: string[] = [];
  const steps: ScheduleSteps = {
    first: (test) => new Promise<TestResult>((resolve) => gates.set(test.name, () => resolve(passed(test.name)))),
    retry: async (_test, first) => first,
    isStall: () => false,
    stopped: () => false,
    rerunAlone: () => true,
    notRun: (test) => passed(test.name),
    done: (test) => void events.push(`done ${test.name}`),
    settled: (test) => void events.push(`told ${test.name}`),
  };
  const open = async (name: string) => {
    while (!gates.has(name)) await new Promise((resolve) => setImmediate(resolve));
    gates.get(name)!();
  };
  return { steps, events, open };
}

describe("each test is reported when it ends, at any concurrency", () => {
  it("a test run with others that passes is told as it ends, before the tests before it; `done` keeps the planned order", async () => {
    const { steps, events, open } = gatedSteps();
    const tests = ["a", "b", "c"].map(spec);
    const run = runSchedule(tests, new TestBudget(3), steps);
    await open("c");
    await open("b");
    // a is still running: c and b are told already (the progress shows them), none is final in order yet.
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["told c", "told b"]);
    await open("a");
    await run;
    expect(events).toEqual(["told c", "told b", "told a", "done a", "done b", "done c"]);
  });

  it("validate()'s serial-order hooks still see a capability's results in the planned order", () => {
    const seen: string[] = [];
    const hooks: ProgressHooks = { onTestResult: (_c, name) => void seen.push(name), onCapabilityEnd: (c) => void seen.push(`end ${c}`) };
    const ordered = inPlannedTestOrder(hooks, () => ["a", "b", "c"]);
    for (const name of ["c", "b", "factory_cleanup", "a"]) ordered.onTestResult!("put", name, true, undefined, passed(name));
    expect(seen).toEqual(["factory_cleanup", "a", "b", "c"]);
    ordered.onTestResult!("get_tuple", "b", true, undefined, passed("b"));
    ordered.onCapabilityEnd!("get_tuple", {} as never);
    expect(seen.slice(4)).toEqual(["b", "end get_tuple"]);
  });
});
