import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, ConformanceSetupError, validate } from "../../src/index.js";
import { sleep } from "../fixtures/faults.js";
import { failureOf, watchUnhandledRejections } from "./report-helpers.js";

/** A broken factory, cleanup or lifespan becomes a clear failure (or ConformanceSetupError), never a crash. */

let rejections: ReturnType<typeof watchUnhandledRejections>;
beforeAll(() => {
  rejections = watchUnhandledRejections();
});
afterAll(async () => {
  await sleep(50);
  expect(rejections.stop()).toEqual([]);
});

const ONE_TEST = { capabilities: ["put"] as const, grep: "test_put_roundtrip", timeoutMs: 200 };

describe("the factory", () => {
  it("that throws fails every capability with the factory's error, and the run goes on", async () => {
    const report = await validate(
      checkpointerTest({ name: "throws" }, () => {
        throw new Error("cannot connect to db:5432");
      }),
      { capabilities: ["put", "list"], timeoutMs: 200 },
    );
    expect(failureOf(report, "put", "factory")).toBe("the factory failed to produce a saver: cannot connect to db:5432");
    expect(failureOf(report, "list", "factory")).toBe("the factory failed to produce a saver: cannot connect to db:5432");
  });

  it("that finishes without yielding says it must yield", async () => {
    // eslint-disable-next-line require-yield
    const report = await validate(
      checkpointerTest({ name: "empty" }, async function* () {}),
      ONE_TEST,
    );
    expect(failureOf(report, "put", "factory")).toBe(
      "the factory failed to produce a saver: checkpointerTest(empty): the factory finished without yielding a saver; it must `yield` one",
    );
  });

  it("that yields something that is not a saver names what it yielded", async () => {
    const report = await validate(
      checkpointerTest({ name: "not-a-saver" }, async function* () {
        yield { hello: "world" } as never;
      }),
      ONE_TEST,
    );
    expect(failureOf(report, "put", "factory")).toContain(
      'the factory must yield a BaseCheckpointSaver, but it yielded a plain object { hello: "world" }',
    );
  });

  it("that never yields times out, and its saver is cleaned up if it arrives later", async () => {
    const cleaned: string[] = [];
    const report = await validate(
      checkpointerTest({ name: "slow-factory" }, async function* () {
        await sleep(400);
        yield new MemorySaver();
        cleaned.push("late saver cleaned up");
      }),
      ONE_TEST,
    );
    expect(failureOf(report, "put", "factory")).toBe(
      "the factory failed to produce a saver: timed out after 200 ms in the factory (creating a saver)",
    );
    await sleep(400);
    expect(cleaned).toEqual(["late saver cleaned up"]);
  });

  it("whose cleanup throws still reports the tests, plus the cleanup failure", async () => {
    const report = await validate(
      checkpointerTest({ name: "bad-cleanup" }, async function* () {
        yield new MemorySaver();
        throw new Error("pool already closed");
      }),
      ONE_TEST,
    );
    expect(report.results.put?.tests.find((t) => t.name === "test_put_roundtrip")?.status).toBe("passed");
    expect(failureOf(report, "put", "factory_cleanup")).toBe("the factory's cleanup failed: pool already closed");
    expect(report.results.put?.status).toBe("failed");
  });

  it("whose cleanup hangs times out with the step named", async () => {
    const report = await validate(
      checkpointerTest({ name: "hanging-cleanup" }, async function* () {
        yield new MemorySaver();
        await new Promise(() => undefined);
      }),
      ONE_TEST,
    );
    expect(failureOf(report, "put", "factory_cleanup")).toBe(
      "the factory's cleanup failed: timed out after 200 ms in the factory's cleanup (the code after yield)",
    );
  });
});

describe("the lifespan", () => {
  it("whose setup throws rejects with ConformanceSetupError, and its finally still runs", async () => {
    const steps: string[] = [];
    const registered = checkpointerTest(
      {
        name: "bad-setup",
        async *lifespan() {
          try {
            steps.push("setup");
            throw new Error("port 5432 in use");
            yield;
          } finally {
            steps.push("teardown");
          }
        },
      },
      () => new MemorySaver(),
    );
    const error = await validate(registered, ONE_TEST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConformanceSetupError);
    expect((error as Error).message).toBe("bad-setup: the lifespan's setup failed: port 5432 in use");
    expect(steps).toEqual(["setup", "teardown"]);
  });

  it("whose setup hangs rejects with a timeout, and tears down if the setup finishes later", async () => {
    const steps: string[] = [];
    const registered = checkpointerTest(
      {
        name: "slow-setup",
        lifespanTimeoutMs: 100,
        async *lifespan() {
          await sleep(300);
          steps.push("setup done");
          yield;
          steps.push("teardown");
        },
      },
      () => new MemorySaver(),
    );
    await expect(validate(registered, ONE_TEST)).rejects.toThrow(
      "slow-setup: the lifespan's setup failed: timed out after 100 ms in the lifespan's setup",
    );
    await sleep(400);
    expect(steps).toEqual(["setup done", "teardown"]);
  });

  it("whose teardown throws is reported in report.errors after a complete run", async () => {
    const registered = checkpointerTest(
      {
        name: "bad-teardown",
        async *lifespan() {
          yield;
          throw new Error("could not drop database");
        },
      },
      () => new MemorySaver(),
    );
    const report = await validate(registered, ONE_TEST);
    expect(report.results.put?.status).toBe("passed");
    expect(report.errors).toEqual(["the lifespan's teardown failed: could not drop database"]);
  });
});
