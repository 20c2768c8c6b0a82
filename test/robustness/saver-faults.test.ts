import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate } from "../../src/index.js";
import { withAliasedReads, withFaults, type FaultPlan } from "../fixtures/faults.js";
import { failureOf, watchUnhandledRejections } from "./report-helpers.js";

/** A fault in one saver method becomes one specific failure in the report; validate() never crashes. */

let rejections: ReturnType<typeof watchUnhandledRejections>;
beforeAll(() => {
  rejections = watchUnhandledRejections();
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(rejections.stop()).toEqual([]);
});

const ROUNDTRIP = "test_put_roundtrip";

function faulty(...plans: FaultPlan[]) {
  return checkpointerTest({ name: "faulty" }, () => withFaults(new MemorySaver(), ...plans));
}

async function roundtripFailure(...plans: FaultPlan[]): Promise<string | undefined> {
  const report = await validate(faulty(...plans), { capabilities: ["put"], grep: ROUNDTRIP, timeoutMs: 300 });
  return failureOf(report, "put", ROUNDTRIP);
}

/** The ms of a timeout failure naming the call (`timed out after 253 ms in getTuple()`); NaN for any other failure. */
function timedOutAfter(failure: string | undefined, call: string): number {
  const match = new RegExp(`^timed out after (\\d+) ms in ${call}`).exec(failure ?? "");
  return match ? Number(match[1]) : Number.NaN;
}

describe("hangs", () => {
  it("a method that never settles is reported as a timeout naming it, and the run goes on", async () => {
    const report = await validate(faulty({ method: "getTuple", fault: { kind: "hang" } }), {
      capabilities: ["put", "delete_thread"],
      grep: /test_put_roundtrip|test_put_returns_config|DT-01/,
      timeoutMs: 200,
    });
    // Tests run at once: a call pending past the timeout while others are in flight gets the grace (4×) before it is a
    // hang, and loses it at its next check once only hung work is left (src/runtime/slow-call.ts): 200 to 800 ms.
    expect(timedOutAfter(failureOf(report, "put", ROUNDTRIP), "getTuple\\(\\)")).toBeGreaterThanOrEqual(200);
    expect(timedOutAfter(failureOf(report, "put", ROUNDTRIP), "getTuple\\(\\)")).toBeLessThanOrEqual(800);
    expect(report.results.put?.tests.find((t) => t.name === "test_put_returns_config")?.status).toBe("passed");
    expect(report.results.delete_thread?.tests.length).toBeGreaterThan(0);
  });

  it("a list() whose iteration never settles names the iteration", async () => {
    const report = await validate(faulty({ method: "list", fault: { kind: "hang" } }), {
      capabilities: ["list"],
      grep: "ISO-03",
      timeoutMs: 200,
    });
    expect(timedOutAfter(failureOf(report, "list", "test_iso_list_returns_fresh_objects"), "list\\(\\) iteration")).toBeGreaterThanOrEqual(
      200,
    );
    expect(timedOutAfter(failureOf(report, "list", "test_iso_list_returns_fresh_objects"), "list\\(\\) iteration")).toBeLessThanOrEqual(
      800,
    );
  });

  it("the timeout comes from validate()'s option, else the registration's", async () => {
    const hang: FaultPlan = { method: "getTuple", fault: { kind: "hang" } };
    const registered = checkpointerTest({ name: "slow", timeoutMs: 150 }, () => withFaults(new MemorySaver(), hang));
    const byRegistration = await validate(registered, { capabilities: ["put"], grep: ROUNDTRIP });
    expect(failureOf(byRegistration, "put", ROUNDTRIP)).toMatch(/^timed out after (150|600) ms in getTuple\(\)/);
    const byOption = await validate(registered, { capabilities: ["put"], grep: ROUNDTRIP, timeoutMs: 120 });
    expect(failureOf(byOption, "put", ROUNDTRIP)).toMatch(/^timed out after (120|480) ms in getTuple\(\)/);
  });

  // Seen on langgraph-checkpoint-cloudflare-d1 over local D1 (docs/third-party.md): about 20 ms a put, so the
  // 1,050-checkpoint ORD-06 test needs 20 s, and it failed at the 5 s default though the saver was correct.
  // The timeout is per call: 1,050 puts of a few ms each take well over the 1 s timeout as a whole, and pass.
  it("a saver that answers every call, only slowly, passes a test that takes longer than the timeout", async () => {
    const report = await validate(faulty({ method: "put", fault: { kind: "delay", ms: 2 } }), {
      capabilities: ["list"],
      grep: "test_ord_long_thread_pages",
      timeoutMs: 1_000,
      retries: 0,
    });
    const result = report.results.list?.tests.find((t) => t.name === "test_ord_long_thread_pages");
    expect(result?.status).toBe("passed");
    expect((result as { durationMs: number }).durationMs).toBeGreaterThan(1_000);
  });

  it("a delay shorter than the timeout is not a failure", async () => {
    expect(
      await roundtripFailure({ method: "put", fault: { kind: "delay", ms: 20 } }, { method: "getTuple", fault: { kind: "delay", ms: 20 } }),
    ).toBeUndefined();
  });
});

describe("throwing methods", () => {
  it("an Error thrown on the Nth call names the method and the error", async () => {
    const report = await validate(faulty({ method: "put", onCall: 2, fault: { kind: "throw", value: new Error("disk full") } }), {
      capabilities: ["put"],
      grep: /test_put_returns_config|test_put_roundtrip/,
      // Which test makes the second put is the premise: serial, in catalog order.
      concurrency: 1,
    });
    expect(failureOf(report, "put", "test_put_returns_config")).toBe("put() threw Error: disk full");
    expect(failureOf(report, "put", ROUNDTRIP)).toBeUndefined();
  });

  it("a non-Error value thrown is shown as that value", async () => {
    expect(await roundtripFailure({ method: "getTuple", fault: { kind: "throw", value: "connection reset" } })).toBe(
      'getTuple() threw a non-Error value "connection reset"',
    );
    expect(await roundtripFailure({ method: "getTuple", fault: { kind: "throw", value: { code: 57 } } })).toBe(
      "getTuple() threw a non-Error value { code: 57 }",
    );
  });
});

describe("malformed results", () => {
  it("getTuple() resolving to null instead of undefined says so", async () => {
    const report = await validate(faulty({ method: "getTuple", fault: { kind: "return", value: null } }), {
      capabilities: ["get_tuple"],
      grep: "ISO-02",
    });
    expect(failureOf(report, "get_tuple", "test_iso_get_tuple_returns_fresh_objects")).toContain(
      "getTuple() resolved to null; when no checkpoint matches it must resolve to undefined (never null)",
    );
  });

  it("a tuple of the wrong shape lists what is wrong with it", async () => {
    const garbage = {
      config: { configurable: {} },
      checkpoint: { id: 7, channel_values: null, channel_versions: {}, versions_seen: {} },
      pendingWrites: [["t", "c"]],
    };
    const message = await roundtripFailure({ method: "getTuple", fault: { kind: "return", value: garbage } });
    expect(message).toContain("getTuple() resolved to a malformed CheckpointTuple");
    expect(message).toContain("- the tuple.checkpoint.id is number 7, expected a string");
    expect(message).toContain("- the tuple.checkpoint.channel_values is null, expected an object");
    expect(message).toContain('- the tuple.pendingWrites[0] is an array ["t", "c"], expected [taskId: string, channel: string, value]');
  });

  it("getTuple() resolving to a string is named", async () => {
    expect(await roundtripFailure({ method: "getTuple", fault: { kind: "return", value: "oops" } })).toContain(
      'the tuple is string "oops", expected a CheckpointTuple',
    );
  });

  it("put() resolving to nothing says what it must return", async () => {
    expect(await roundtripFailure({ method: "put", fault: { kind: "return", value: undefined } })).toContain(
      "put() must resolve to the stored checkpoint's config { configurable: { thread_id, checkpoint_ns, checkpoint_id } }\n  - the returned config is undefined",
    );
  });

  it.each([
    ["an array", []],
    ["a plain iterator", { next: () => ({ done: true, value: undefined }) }],
    ["a promise", Promise.resolve([])],
  ])("list() returning %s instead of an async generator is named", async (_label, value) => {
    const report = await validate(faulty({ method: "list", fault: { kind: "return", value } }), { capabilities: ["list"], grep: "ISO-03" });
    expect(failureOf(report, "list", "test_iso_list_returns_fresh_objects")).toContain(
      "list() must return an AsyncGenerator of CheckpointTuple (declare it `async *list(...)`)",
    );
  });
});

describe("aliasing", () => {
  it("a saver whose reads share objects fails ISO-02 with the likely cause", async () => {
    const report = await validate(
      checkpointerTest({ name: "aliased" }, () => withAliasedReads(new MemorySaver())),
      {
        capabilities: ["get_tuple"],
        grep: "ISO-02",
      },
    );
    expect(failureOf(report, "get_tuple", "test_iso_get_tuple_returns_fresh_objects")).toContain(
      "mutating the tuple returned by getTuple() changed the channel_values a later getTuple() returns: the saver returns objects that alias its storage",
    );
  });
});
