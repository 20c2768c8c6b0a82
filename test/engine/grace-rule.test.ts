import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkpointerTest } from "../../src/index.js";
import { TestBudget } from "../../src/run/test-budget.js";
import { openSubject, type SubjectLoad } from "../../src/runtime/lease.js";
import {
  GraceRule,
  graceExpiredText,
  graceRecheckMs,
  SLOW_CALL_GRACE_FACTOR,
  withSlowCallGrace,
  type SlowCall,
} from "../../src/runtime/slow-call.js";

/**
 * The one rule for a step pending past its timeout (src/runtime/slow-call.ts):
 * with other work of the run in flight when the timeout fires, the grace
 * (4× the timeout); past it, a hang named as such. The rule is judged on given
 * ages; the steps that use it run on fake timers and a fake clock, so no
 * assertion depends on the machine's speed.
 */

const TIMEOUT_MS = 100;
const GRACE_MS = SLOW_CALL_GRACE_FACTOR * TIMEOUT_MS;

/** A load whose answer the test sets, counting the graces given. */
function settableLoad(busy: boolean) {
  const load = { busy, graces: 0, othersInFlight: () => load.busy, onGrace: () => void load.graces++ };
  return load;
}

describe("GraceRule", () => {
  it("before the timeout: how long until it is judged again, whatever the load", () => {
    expect(new GraceRule(TIMEOUT_MS, settableLoad(true)).judge(30, "in put()")).toBe(70);
    expect(new GraceRule(TIMEOUT_MS, undefined).judge(30, "in put()")).toBe(70);
  });

  it("at the timeout with nothing else in flight, or no load at all (a run alone): the timeout's usual message", () => {
    expect(new GraceRule(TIMEOUT_MS, settableLoad(false)).judge(TIMEOUT_MS, "in put()")).toBe("timed out after 100 ms in put()");
    expect(new GraceRule(TIMEOUT_MS, undefined).judge(TIMEOUT_MS, "in put()")).toBe("timed out after 100 ms in put()");
  });

  it("the load counts when the timeout fires, not when the step started", () => {
    const load = settableLoad(true);
    const rule = new GraceRule(TIMEOUT_MS, load);
    expect(rule.judge(0, "in put()")).toBe(TIMEOUT_MS);
    load.busy = false;
    expect(rule.judge(TIMEOUT_MS, "in put()")).toBe("timed out after 100 ms in put()");

    const later = settableLoad(false);
    const graced = new GraceRule(TIMEOUT_MS, later);
    expect(graced.judge(0, "in put()")).toBe(TIMEOUT_MS);
    later.busy = true;
    expect(graced.judge(TIMEOUT_MS, "in put()")).toBe(graceRecheckMs(TIMEOUT_MS));
    expect(graced.graced).toBe(true);
  });

  it("with others in flight at the timeout: the grace, given once and looked at again while it runs, then a hang named as such", () => {
    const load = settableLoad(true);
    const rule = new GraceRule(TIMEOUT_MS, load);
    expect(rule.judge(TIMEOUT_MS + 5, "in put()")).toBe(graceRecheckMs(TIMEOUT_MS));
    expect(rule.limitMs).toBe(GRACE_MS);
    expect(rule.judge(GRACE_MS - 1, "in put()")).toBe(1);
    expect(rule.judge(GRACE_MS, "in put()")).toBe(graceExpiredText(TIMEOUT_MS, "in put()"));
    expect(graceExpiredText(TIMEOUT_MS, "in put()")).toBe(
      "timed out after 400 ms in put() (4× the 100 ms timeout, the grace for a step while other work of the run is in flight): a hang, not load",
    );
    expect(load.graces).toBe(1);
  });

  it("in its grace, a step left with only hung work beside it is a hang at its next look, not at the end of the grace", () => {
    const load = settableLoad(true);
    const rule = new GraceRule(TIMEOUT_MS, load);
    expect(rule.judge(TIMEOUT_MS, "in getTuple()")).toBe(graceRecheckMs(TIMEOUT_MS));
    expect(rule.judge(TIMEOUT_MS + graceRecheckMs(TIMEOUT_MS), "in getTuple()")).toBe(graceRecheckMs(TIMEOUT_MS));
    load.busy = false;
    const verdict = rule.judge(TIMEOUT_MS + 2 * graceRecheckMs(TIMEOUT_MS), "in getTuple()");
    expect(verdict).toBe(
      "timed out after 200 ms in getTuple() (the 100 ms timeout, then the grace until the other work in flight was past its timeout too): a hang, not load",
    );
  });

  it("a step past its timeout says so to the load, and no longer once it settles", () => {
    const marks: boolean[] = [];
    const load = { ...settableLoad(true), overdue: (_step: object, past: boolean) => void marks.push(past) };
    const rule = new GraceRule(TIMEOUT_MS, load);
    rule.judge(TIMEOUT_MS / 2, "in put()");
    expect(marks).toEqual([]);
    rule.judge(TIMEOUT_MS, "in put()");
    expect(marks).toEqual([true]);
    rule.end();
    expect(marks).toEqual([true, false]);
  });

  it("nothing pending that load could explain (a test quiet between calls): no grace", () => {
    const load = settableLoad(true);
    const rule = new GraceRule(TIMEOUT_MS, load);
    expect(rule.judge(TIMEOUT_MS, "(no saver call was pending)", false)).toBe("timed out after 100 ms (no saver call was pending)");
    expect(load.graces).toBe(0);
  });
});

describe("steps under the rule, on fake timers", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A promise and its resolver. */
  function latch<T = void>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  }

  /** Where `promise` stands now: its value, its error, or still pending. */
  function watch<T>(promise: Promise<T>) {
    const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
    promise.then(
      (value) => Object.assign(state, { value, settled: true }),
      (error: unknown) => Object.assign(state, { error, settled: true }),
    );
    return state;
  }

  it("a call that others started to overlap after it began gets the grace, and settling within it is a slow call", async () => {
    const load = settableLoad(false);
    const call = latch<string>();
    const slow: SlowCall[] = [];
    const state = watch(
      withSlowCallGrace(
        call.promise,
        TIMEOUT_MS,
        () => "in getTuple()",
        load,
        (s) => slow.push(s),
      ),
    );
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS / 2);
    load.busy = true;
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(state.settled).toBe(false);
    call.resolve("answer");
    await vi.advanceTimersByTimeAsync(0);
    expect(state).toMatchObject({ settled: true, value: "answer" });
    expect(slow).toEqual([{ call: "getTuple()", tookMs: 1.5 * TIMEOUT_MS, timeoutMs: TIMEOUT_MS }]);
  });

  it("a call still pending at the end of the grace: a hang", async () => {
    const state = watch(
      withSlowCallGrace(
        new Promise<never>(() => undefined),
        TIMEOUT_MS,
        () => "in getTuple()",
        settableLoad(true),
        () => undefined,
      ),
    );
    await vi.advanceTimersByTimeAsync(GRACE_MS - 1);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(String(state.error)).toBe(`TimeoutError: ${graceExpiredText(TIMEOUT_MS, "in getTuple()")}`);
  });

  it("calls that hang at once give each other no grace: work in flight past its own timeout is not load", async () => {
    const budget = new TestBudget(4);
    let graces = 0;
    // Four tests in flight, each holding a slot, each with one call that never settles (a getTuple() that hangs).
    const hung = [0, 1, 2, 3].map(() =>
      watch(
        budget.one(() =>
          withSlowCallGrace(
            new Promise<never>(() => undefined),
            TIMEOUT_MS,
            () => "in getTuple()",
            { ...budget.loadWatch(), onGrace: () => void graces++ },
            () => undefined,
          ),
        ),
      ),
    );
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS + graceRecheckMs(TIMEOUT_MS));
    expect(hung.map((h) => h.settled)).toEqual([true, true, true, true]);
    const messages = hung.map((h) => String(h.error));
    expect(messages.filter((m) => m.includes("4×"))).toEqual([]);
    // Those judged first got the grace while the others were not yet past their timeout, and lost it at their next look.
    expect(graces).toBeLessThan(4);
    expect(budget.inFlight()).toBe(0);
  });

  it("a hung call beside a test that keeps getting answers still gets the grace (that test is load)", async () => {
    const budget = new TestBudget(4);
    const busy = latch();
    const working = budget.one(() => busy.promise);
    const state = watch(
      budget.one(() =>
        withSlowCallGrace(
          new Promise<never>(() => undefined),
          TIMEOUT_MS,
          () => "in getTuple()",
          budget.loadWatch(),
          () => undefined,
        ),
      ),
    );
    await vi.advanceTimersByTimeAsync(2 * TIMEOUT_MS);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(GRACE_MS);
    expect(String(state.error)).toBe(`TimeoutError: ${graceExpiredText(TIMEOUT_MS, "in getTuple()")}`);
    busy.resolve();
    await working;
  });

  /** A registration whose factory waits for `ready` before yielding a saver. */
  function waitingFactory(ready: Promise<void>) {
    return checkpointerTest({ name: "waiting" }, async function* () {
      await ready;
      yield new MemorySaver();
    });
  }

  /** A capability's own saver's load on `budget` (as src/engine/capability-run.ts takes it): its steps counted as work in flight. */
  const capabilityLoad = (budget: TestBudget, slow: SlowCall[] = []): SubjectLoad => ({
    ...budget.subjectStepsLoad(),
    onSlowCall: (call) => slow.push(call),
  });

  it("factories created at once count each other: waiting behind one another past the timeout is not a hang", async () => {
    const budget = new TestBudget(4);
    const ready = latch();
    const slow: SlowCall[] = [];
    const leases = [0, 1, 2, 3].map(() =>
      watch(openSubject(waitingFactory(ready.promise), { timeoutMs: TIMEOUT_MS, load: capabilityLoad(budget, slow) })),
    );
    expect(budget.inFlight()).toBe(4);
    await vi.advanceTimersByTimeAsync(2 * TIMEOUT_MS);
    expect(leases.map((l) => l.settled)).toEqual([false, false, false, false]);
    ready.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(leases.map((l) => l.error)).toEqual([undefined, undefined, undefined, undefined]);
    expect(slow.map((s) => s.call)).toEqual(Array(4).fill("the factory (creating a saver)"));
    expect(budget.inFlight()).toBe(0);
    await Promise.all(leases.map((l) => (l.value as { release(): Promise<void> }).release()));
  });

  it("a factory alone in the run gets exactly the timeout", async () => {
    const alone = watch(
      openSubject(waitingFactory(new Promise(() => undefined)), { timeoutMs: TIMEOUT_MS, load: capabilityLoad(new TestBudget(4)) }),
    );
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(String(alone.error)).toBe("TimeoutError: timed out after 100 ms in the factory (creating a saver)");
  });

  it.each(["one", "alone"] as const)("a factory that a test started to overlap (budget.%s) gets the grace, then is a hang", async (how) => {
    const budget = new TestBudget(4);
    const late = watch(openSubject(waitingFactory(new Promise(() => undefined)), { timeoutMs: TIMEOUT_MS, load: capabilityLoad(budget) }));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS / 2);
    const test = latch();
    const holding = budget[how](() => test.promise);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(late.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(GRACE_MS);
    expect(String(late.error)).toBe(
      `TimeoutError: timed out after 400 ms in the factory (creating a saver) (4× the 100 ms timeout, the grace for a step while other work of the run is in flight): a hang, not load`,
    );
    test.resolve();
    await holding;
  });

  it("a cleanup is a step too: counted while pending, judged by the same rule", async () => {
    const budget = new TestBudget(4);
    const cleaned = latch();
    const registered = checkpointerTest({ name: "slow-cleanup" }, async function* () {
      yield new MemorySaver();
      await cleaned.promise;
    });
    const lease = await openSubject(registered, { timeoutMs: TIMEOUT_MS, load: capabilityLoad(budget) });
    const test = latch();
    const holding = budget.one(() => test.promise);
    const release = watch(lease.release());
    await vi.advanceTimersByTimeAsync(0);
    expect(budget.inFlight()).toBe(2);
    await vi.advanceTimersByTimeAsync(2 * TIMEOUT_MS);
    expect(release.settled).toBe(false);
    cleaned.resolve();
    test.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect([release.settled, release.error]).toEqual([true, undefined]);
    await holding;
    expect(budget.inFlight()).toBe(0);
  });
});
