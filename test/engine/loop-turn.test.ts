import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { trackSubject } from "../../src/runtime/tracked-subject.js";

/** Synchronous work per call: 20 calls hold the loop well past the 500 ms after which a call hands its answer back after a turn (LOOP_TURN_AFTER_MS). */
const WORK_MS = 100;
import { generateCheckpoint, generateConfig, generateMetadata } from "../../src/test-utils.js";

/** Holds the event loop for `ms`, as a saver that writes its whole file synchronously on every call does. */
function workSynchronously(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** MemorySaver whose every call first does WORK_MS ms of synchronous work, then answers at once. */
class SynchronousFileLikeSaver extends MemorySaver {
  override async put(...args: Parameters<MemorySaver["put"]>) {
    workSynchronously(WORK_MS);
    return super.put(...args);
  }
  override async *list(...args: Parameters<MemorySaver["list"]>) {
    for await (const tuple of super.list(...args)) {
      workSynchronously(WORK_MS);
      yield tuple;
    }
  }
}

describe("a saver that works synchronously and answers at once does not hold the event loop for a whole test", () => {
  // The supervised child's heartbeat is a timer: a test whose saver calls all settle at once never let it run, and the
  // parent killed the process as stuck (its savers never released, the model never run). Order, not time, is asserted.
  it("between its calls (put, and each step of list's iteration) the loop turns: a timer set before the calls runs before they end", async () => {
    const tracked = trackSubject(new SynchronousFileLikeSaver());
    const events: string[] = [];
    const config = generateConfig("loop-turn");
    let last = config;
    const timer = setTimeout(() => events.push("timer"), 0);
    for (let i = 0; i < 20; i++) {
      last = await tracked.saver.put(last, generateCheckpoint(), generateMetadata(), {});
      events.push("put");
    }
    expect(events.indexOf("timer"), "the timer ran between the puts").toBeGreaterThan(0);
    expect(events.indexOf("timer")).toBeLessThan(events.length - 1);

    events.length = 0;
    const again = setTimeout(() => events.push("timer"), 0);
    for await (const _ of tracked.saver.list(config)) events.push("tuple");
    expect(events.indexOf("timer"), "the timer ran during list's iteration").toBeGreaterThan(0);
    expect(events.indexOf("timer")).toBeLessThan(events.length - 1);
    clearTimeout(timer);
    clearTimeout(again);
  });

  it("a saver that answers at once without holding the loop gets its own promise back, untouched", async () => {
    const saver = new MemorySaver();
    const tracked = trackSubject(saver, { shapeChecks: false });
    const answer = saver.getTuple(generateConfig("untouched"));
    const viaTracked = tracked.saver.getTuple(generateConfig("untouched"));
    expect(viaTracked).toBeInstanceOf(Promise);
    await Promise.all([answer, viaTracked]);
  });
});
