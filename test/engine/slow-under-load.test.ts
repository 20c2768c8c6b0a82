import { MemorySaver } from "@langchain/langgraph-checkpoint";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkpointerTest, type RegisteredCheckpointer } from "../../src/index.js";
import { runCapabilities } from "../../src/engine/capability-run.js";
import { planRun, type AnySpecTest } from "../../src/engine/run-plan.js";
import type { TestResult } from "../../src/report/conformance-report.js";
import { TestBudget } from "../../src/run/test-budget.js";
import { runModel } from "../../src/kinds/checkpointer/model/run-model.js";
import { runSequencesAtOnce } from "../../src/kinds/checkpointer/model/sequences-at-once.js";
import { SLOW_CALL_GRACE_FACTOR, withSlowCallGrace } from "../../src/runtime/slow-call.js";

/**
 * Slow under load is not a hang (docs/verdict.md#concurrency): a call past the
 * timeout while other tests are in flight runs on up to the grace; one that
 * settles then, in a test that passes run alone, is a note; one that never
 * settles is a failure. The saver's call is slow only while a latch says
 * another test is in flight, and the holder test waits until that call
 * settled: which outcome comes out depends on the latches, not on the machine's
 * speed (the slow call takes 2× the timeout, the grace is 4×, on a clock that
 * leaves out event-loop stalls).
 */

const TIMEOUT_MS = 200;
const SLOW_MS = 2 * TIMEOUT_MS;

/**
 * Keeps a holder test in flight until `until` settles (or 20× the timeout): it makes an instant saver call
 * every 20 ms, so its own timeout's "nothing happening" rule never ends it early (which would take it out of
 * the budget while the slow call is pending, and the slow test would see no other test in flight).
 */
async function stayInFlight(ctx: unknown, until: Promise<void>): Promise<void> {
  const saver = (ctx as { saver: MemorySaver }).saver;
  let done = false;
  void until.then(() => (done = true));
  for (let i = 0; !done && i < (20 * TIMEOUT_MS) / 20; i++) {
    saver.getNextVersion(undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A fake test named `holder`: `running(true)`, then in flight until `until` settles (at once without one), then `running(false)`. */
function holderTest(
  ids: AnySpecTest["ids"],
  description: string,
  running: (on: boolean) => void,
  until: Promise<void> | undefined,
): AnySpecTest {
  return {
    name: "holder",
    ids,
    description,
    async run(ctx) {
      running(true);
      if (until) await stayInFlight(ctx, until);
      running(false);
    },
  };
}

/** One capability, `put`, with two fake tests: `holder` stays in flight until `slow`'s getTuple() settled; `slow` calls getTuple() once. */
function slowPlan(concurrency: number, answer: "slow-under-load" | "hang-under-load" | "slow-always" | "slow-factory-under-load") {
  let holderRunning = false;
  let slowSettled!: () => void;
  const settled = new Promise<void>((resolve) => (slowSettled = resolve));
  let slowRuns = 0;
  class LoadSensitiveSaver extends MemorySaver {
    override async getTuple(...args: Parameters<MemorySaver["getTuple"]>) {
      const loaded = holderRunning;
      if (answer === "hang-under-load" && loaded) return new Promise<never>(() => undefined);
      if (answer === "slow-always" || (loaded && answer === "slow-under-load"))
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      return super.getTuple(...args);
    }
  }
  // The factory of an extra saver (a lifecycle step, not a saver call) is slow under load in "slow-factory-under-load".
  const factory = async () => {
    if (answer === "slow-factory-under-load" && holderRunning) await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    return new LoadSensitiveSaver();
  };
  const plan = planRun(
    checkpointerTest({ name: "load-sensitive" }, factory),
    { concurrency, capabilities: ["put"], timeoutMs: TIMEOUT_MS },
    "test",
  );
  // Alone (a budget of 1) nothing is slow: nothing to wait for.
  const holder = holderTest(
    ["PUT-01"],
    "stays in flight until the slow call settled",
    (on) => (holderRunning = on),
    concurrency > 1 ? settled : undefined,
  );
  const slow: AnySpecTest = {
    name: "slow",
    ids: ["GT-01"],
    description: "one getTuple() call",
    async run(ctx) {
      slowRuns++;
      try {
        const { saver, freshSaver } = ctx as unknown as { saver: MemorySaver; freshSaver(): Promise<MemorySaver> };
        await (answer === "slow-factory-under-load" ? await freshSaver() : saver).getTuple({ configurable: { thread_id: "t" } });
      } finally {
        slowSettled();
      }
    },
  };
  const withTests = { ...plan, capabilities: plan.capabilities.map((c) => ({ ...c, tests: [holder, slow] })) };
  return { plan: withTests, runs: () => slowRuns };
}

async function slowResult(concurrency: number, answer: Parameters<typeof slowPlan>[1]): Promise<{ result: TestResult; runs: number }> {
  const { plan, runs } = slowPlan(concurrency, answer);
  const [put] = await runCapabilities(plan, {}, new TestBudget(concurrency));
  return { result: put!.tests.find((t) => t.name === "slow")!, runs: runs() };
}

describe("a call slower than the timeout while other tests are in flight", () => {
  it("settling within the grace, in a test that passes run alone: passed, with the call and how long it took as a note", async () => {
    const { result, runs } = await slowResult(2, "slow-under-load");
    expect(result.status, JSON.stringify(result)).toBe("passed");
    expect(result.slowUnderLoad).toMatchObject({ call: "getTuple()", timeoutMs: TIMEOUT_MS });
    expect(result.slowUnderLoad!.tookMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
    // Once with the holder in flight, once alone to confirm.
    expect(runs).toBe(2);
  });

  it("an extra saver's factory slower than the timeout while others are in flight: the same grace, and a note naming the factory", async () => {
    const { result, runs } = await slowResult(2, "slow-factory-under-load");
    expect(result.status, JSON.stringify(result)).toBe("passed");
    expect(result.slowUnderLoad).toMatchObject({ call: "the factory (creating an extra saver)", timeoutMs: TIMEOUT_MS });
    expect(runs).toBe(2);
  });

  it("never settling while others are in flight: a failure at the end of the grace, named as a hang, even though it passes alone", async () => {
    const { result } = await slowResult(2, "hang-under-load");
    expect(result.status).toBe("failed");
    if (result.status !== "failed") return;
    expect(result.failure.errorName).toBe("TimeoutError");
    expect(result.failure.message).toBe(
      `timed out after ${SLOW_CALL_GRACE_FACTOR * TIMEOUT_MS} ms in getTuple() (${SLOW_CALL_GRACE_FACTOR}× the ${TIMEOUT_MS} ms timeout, the grace for a step while other work of the run is in flight): a hang, not load`,
    );
    expect(result.slowUnderLoad).toBeUndefined();
  });

  it("slow alone too: the run alone times out as in a serial run, and the test fails as it does with --concurrency 1", async () => {
    const together = await slowResult(2, "slow-always");
    const serial = await slowResult(1, "slow-always");
    for (const { result } of [together, serial]) {
      expect(result.status).toBe("failed");
      if (result.status === "failed") expect(result.failure.message).toBe(`timed out after ${TIMEOUT_MS} ms in getTuple()`);
      expect(result.slowUnderLoad).toBeUndefined();
    }
  });

  it("a budget of 1 gives no grace: the serial run's timeout, unchanged", async () => {
    const { result } = await slowResult(1, "slow-always");
    expect(result.status === "failed" && result.failure.message).toBe(`timed out after ${TIMEOUT_MS} ms in getTuple()`);
  });
});

describe("a model sequence's call slower than the timeout while other sequences are in flight", () => {
  /** Four sequences, two at once: the first holds its slot until the second's call settled; the second's call is slow while the first runs. */
  async function sequences(answer: "slow-under-load" | "hang-under-load") {
    let started = 0;
    let holderRunning = false;
    let slowSettled!: () => void;
    const settled = new Promise<void>((resolve) => (slowSettled = resolve));
    return runSequencesAtOnce(
      fc.integer(),
      { runs: 4, seed: 42, timeLimitMs: 60_000, budget: new TestBudget(2) },
      async (_value, _observe, load) => {
        const k = started++;
        if (k === 0) {
          holderRunning = true;
          await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 20 * TIMEOUT_MS))]);
          holderRunning = false;
          return;
        }
        // Only the second sequence is slow: a later one may start (in the slot the second freed) before the first has
        // seen the second settle, and must not be slow with nothing else in flight.
        const call =
          k !== 1 || !holderRunning
            ? Promise.resolve()
            : answer === "hang-under-load"
              ? new Promise<void>(() => undefined)
              : new Promise<void>((resolve) => setTimeout(resolve, SLOW_MS));
        try {
          await withSlowCallGrace(
            call,
            TIMEOUT_MS,
            () => "in getTuple()",
            load,
            (slow) => load?.onSlowCall(slow),
          );
        } finally {
          if (k === 1) slowSettled();
        }
      },
    );
  }

  it("settling within the grace, agreeing again run alone: no failure, the call a note naming its sequence", async () => {
    const result = await sequences("slow-under-load");
    expect(result.failed).toBeUndefined();
    expect(result.runs).toBe(4);
    expect(result.slowUnderLoad.map((s) => s.call)).toEqual(["getTuple() in sequence 2"]);
  });

  it("never settling: the sequence fails at the end of the grace, as a hang", async () => {
    const result = await sequences("hang-under-load");
    expect(result.failed?.index).toBe(1);
    expect(String(result.failed?.error)).toContain("a hang, not load");
    expect(result.slowUnderLoad).toEqual([]);
  });
});

describe("a capability's own saver, cleaned up while another capability's tests are in flight", () => {
  it("a cleanup slower than the timeout gets the grace: the capability passes, no factory_cleanup failure", async () => {
    let holderRunning = false;
    let holderStarted!: () => void;
    const started = new Promise<void>((resolve) => (holderStarted = resolve));
    let cleanedUp!: () => void;
    const cleaned = new Promise<void>((resolve) => (cleanedUp = resolve));
    const factory = async function* () {
      yield new MemorySaver();
      if (holderRunning) await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      cleanedUp();
    };
    const plan = planRun(
      checkpointerTest({ name: "slow-cleanup" }, factory),
      { concurrency: 2, capabilities: ["put", "put_writes"], timeoutMs: TIMEOUT_MS },
      "test",
    );
    const waitsForHolder: AnySpecTest = {
      name: "waits_for_holder",
      ids: ["PUT-01"],
      description: "ends once the other capability's test runs",
      run: () => started,
    };
    const running = (on: boolean) => {
      holderRunning = on;
      if (on) holderStarted();
    };
    const holder = holderTest(["PW-01"], "stays in flight until the other capability's saver was cleaned up", running, cleaned);
    const tests = { put: [waitsForHolder], put_writes: [holder] } as Record<string, AnySpecTest[]>;
    const withTests = { ...plan, capabilities: plan.capabilities.map((c) => ({ ...c, tests: tests[c.capability] ?? [] })) };
    const [put] = await runCapabilities(withTests, {}, new TestBudget(2));
    expect(put!.tests.map((t) => `${t.name}: ${t.status}`)).toEqual(["waits_for_holder: passed"]);
    expect(put!.status).toBe("passed");
  });
});

describe("the model's own savers while a capability's tests are in flight", () => {
  /**
   * The model beside a capability: a holder slot stays taken (another capability's test) until the model is done,
   * and the saver the factory makes `slowAt` (0: the model's detection, the first to start; 1: the first
   * sequence's) takes 2× the timeout.
   */
  async function modelBesideTest(inFlight: boolean, slowAt: number, path?: string) {
    let made = 0;
    const registered = checkpointerTest({ name: "slow-saver" }, async function* () {
      if (made++ === slowAt) await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      yield new MemorySaver();
    }) as RegisteredCheckpointer;
    const budget = new TestBudget(4);
    let done!: () => void;
    const holder = inFlight ? budget.one(() => new Promise<void>((resolve) => (done = resolve))) : undefined;
    try {
      return await runModel(registered, { timeoutMs: TIMEOUT_MS, budget, runs: 3, ...(path !== undefined ? { path } : {}) });
    } finally {
      done?.();
      await holder;
    }
  }

  it("the detection's factory slower than the timeout gets the grace: the model runs", async () => {
    const result = await modelBesideTest(true, 0);
    expect([result.status, result.error]).toEqual(["passed", undefined]);
    expect(result.runs).toBe(3);
  });

  it("a sequence's factory in the serial loop (a replayed path) gets the grace too", async () => {
    const result = await modelBesideTest(true, 1, "0");
    expect([result.status, result.error]).toEqual(["passed", undefined]);
  });

  it("with nothing else of the run in flight, the same factory gets exactly the timeout", async () => {
    const result = await modelBesideTest(false, 0);
    expect(result.status).toBe("error");
    expect(result.error).toContain(
      `the factory failed to produce a saver: timed out after ${TIMEOUT_MS} ms in the factory (creating a saver)`,
    );
  });
});
