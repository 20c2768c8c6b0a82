import { describe, expect, it } from "vitest";
import { MemorySaver, emptyCheckpoint, type BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { withCallTimeout, wholeTestLimitMs } from "../../src/runtime/call-timeout.js";
import { TimeoutError } from "../../src/util/timeout.js";
import { trackSubject } from "../../src/runtime/tracked-subject.js";
import { withFaults } from "../fixtures/faults.js";

/**
 * The timeout catches hangs, not slow savers: one call pending for timeoutMs, or
 * nothing happening for timeoutMs, fails; work that keeps getting answers runs
 * up to 20× timeoutMs. No assertion depends on how fast the machine is: the slow
 * saver's 30 ms is far from the 200 ms per call, and the capped loop never ends by itself.
 */

const TIMEOUT_MS = 200;

function slowSaver(): BaseCheckpointSaver {
  return withFaults(new MemorySaver(), { method: "put", fault: { kind: "delay", ms: 30 } });
}

async function putOnce(saver: BaseCheckpointSaver, threadId: string): Promise<void> {
  const checkpoint = { ...emptyCheckpoint(), id: crypto.randomUUID() };
  await saver.put({ configurable: { thread_id: threadId, checkpoint_ns: "" } }, checkpoint, { source: "input", step: -1, parents: {} }, {});
}

async function failureOf(work: Promise<unknown>, trackers: ReturnType<typeof trackSubject>[]): Promise<TimeoutError> {
  const error = await withCallTimeout(work, TIMEOUT_MS, { trackers: () => trackers }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TimeoutError);
  return error as TimeoutError;
}

describe("withCallTimeout", () => {
  it("work that takes longer than the timeout but keeps getting answers passes", async () => {
    const tracked = trackSubject(slowSaver());
    let calls = 0;
    const work = async () => {
      // At least 30 × 30 ms: well past the 200 ms timeout as a whole, each call far under it.
      for (; calls < 30; calls++) await putOnce(tracked.saver, "slow");
      return "done";
    };
    await expect(withCallTimeout(work(), TIMEOUT_MS, { trackers: () => [tracked] })).resolves.toBe("done");
    expect(tracked.progress().settled).toBe(30);
  });

  it("one call that never settles fails with the existing message naming it", async () => {
    const tracked = trackSubject(withFaults(new MemorySaver(), { method: "put", fault: { kind: "hang" }, onCall: 3 }));
    const work = async () => {
      for (;;) await putOnce(tracked.saver, "hang");
    };
    expect((await failureOf(work(), [tracked])).message).toBe(`timed out after ${TIMEOUT_MS} ms in put()`);
  });

  it("work stuck between calls (no call starts or settles) fails as pending nowhere", async () => {
    const tracked = trackSubject(slowSaver());
    const work = async () => {
      await putOnce(tracked.saver, "stuck");
      await new Promise(() => undefined);
    };
    expect((await failureOf(work(), [tracked])).message).toBe(`timed out after ${TIMEOUT_MS} ms (no saver call was pending)`);
  });

  it("a saver that answers every call but never lets the work finish is stopped at 20× the timeout, with how to raise it", async () => {
    const tracked = trackSubject(slowSaver());
    const work = async () => {
      for (;;) await putOnce(tracked.saver, "endless");
    };
    const [first, second] = (await failureOf(work(), [tracked])).message.split("\n");
    expect(first).toMatch(/^timed out after the whole-test limit of 4,000 ms (in put\(\)|\(no saver call was pending\))$/);
    expect(second).toMatch(/^ {2}the saver was answering, not stuck: [\d,]+ calls had settled, [\d.]+ ms each on average\. /);
    expect(second).toContain("may take up to 20× it: if the backend is this slow, raise it with --timeout MS (the timeoutMs option)");
  });

  it("a call pending while the event loop is blocked (another test's synchronous work) is not a hang", async () => {
    // The answer is due 250 ms after the call, but the loop is busy for 5× the timeout first: the timeout's check
    // runs before the answer's timer, with the call pending for 1 s on the wall clock and about 70 ms of loop time.
    const tracked = trackSubject(withFaults(new MemorySaver(), { method: "put", fault: { kind: "delay", ms: 250 } }));
    const timed = withCallTimeout(putOnce(tracked.saver, "blocked"), TIMEOUT_MS, { trackers: () => [tracked] });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const blockUntil = performance.now() + 5 * TIMEOUT_MS;
    while (performance.now() < blockUntil);
    await expect(timed).resolves.toBeUndefined();
    expect(tracked.progress().settled).toBe(1);
  });

  it("the whole-test limit never exceeds Node's longest timer", () => {
    expect(wholeTestLimitMs(5_000)).toBe(100_000);
    expect(wholeTestLimitMs(2 ** 31 - 1)).toBe(2 ** 31 - 1);
  });
});
