import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, validate } from "../../src/index.js";
import { runSpecTest } from "../../src/engine/run-spec-test.js";
import { kindOf } from "../../src/kinds/index.js";
import type { SpecTest } from "../../src/kinds/checkpointer/checks/types.js";

/** A factory that counts the savers it yields and the cleanups that ran (the code after yield). */
function countingFactory() {
  const count = { created: 0, cleaned: 0 };
  const registered = checkpointerTest({ name: "Counted" }, async function* () {
    count.created++;
    try {
      yield new MemorySaver();
    } finally {
      count.cleaned++;
    }
  });
  return { registered, count };
}

describe("cleanup runs for every saver the factory yields, also for a test abandoned at its timeout", () => {
  it("a test that goes on after its timeout and asks for extra savers: each one it got is released, and it gets none once it ended", async () => {
    const { registered, count } = countingFactory();
    let release!: () => void;
    const slowCall = new Promise<void>((resolve) => (release = resolve));
    // Wrapped: a promise resolved with a promise would adopt it.
    let asked!: (late: { ask: Promise<unknown> }) => void;
    const lateAsk = new Promise<{ ask: Promise<unknown> }>((resolve) => (asked = resolve));
    const test: SpecTest = {
      name: "test_fake_abandoned",
      ids: ["ISO-01"],
      description: "takes an extra saver, hangs past the timeout, then asks for another",
      async run(ctx) {
        await ctx.freshSaver();
        await slowCall;
        const ask = ctx.freshSaver();
        asked({ ask });
        await ask;
      },
    };
    const result = await runSpecTest({
      registered,
      subjectKind: kindOf(registered),
      capability: "put",
      test,
      subject: new MemorySaver(),
      timeoutMs: 200,
      profile: "full",
    });
    expect(result.status).toBe("failed");
    expect(count).toEqual({ created: 1, cleaned: 1 });
    // The abandoned test goes on: its late ask is refused, so nothing is left unreleased.
    release();
    await expect((await lateAsk).ask).rejects.toThrow(/already ended/);
    expect(count).toEqual({ created: 1, cleaned: 1 });
  });

  it("validate() with default concurrency and the model, on a saver whose calls sometimes hang: every saver yielded is cleaned up", async () => {
    const { count } = countingFactory();
    let calls = 0;
    const registered = checkpointerTest({ name: "SometimesHangs", timeoutMs: 300 }, async function* () {
      count.created++;
      const saver = new MemorySaver();
      const getTuple = saver.getTuple.bind(saver);
      // Every 40th getTuple never answers: its test is abandoned at the timeout.
      saver.getTuple = (config) => (++calls % 40 === 0 ? new Promise(() => {}) : getTuple(config));
      try {
        yield saver;
      } finally {
        count.cleaned++;
      }
    });
    const report = await validate(registered, { capabilities: ["put", "get_tuple", "list"], model: { runs: 3 }, retries: 0 });
    expect(report.results.get_tuple?.status).toBeDefined();
    expect(count.created).toBeGreaterThan(3);
    expect(count.cleaned).toBe(count.created);
  }, 120_000);
});
