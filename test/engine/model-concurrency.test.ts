import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, validate } from "../../src/index.js";
import { FewBugsSaver } from "./fixtures/racy-savers.js";

/** The model's sequences under `concurrency`: several at once, each on its own saver, with the serial run's report. */

// No capability: the sequences run at once among themselves only.
const MODEL_ONLY = { capabilities: [], graph: false, model: { runs: 20 } } as const;

/** The model section of the report as JSON, without timings. */
async function modelPart(create: () => MemorySaver, concurrency: number): Promise<Record<string, unknown>> {
  const report = await validate(checkpointerTest({ name: "subject" }, create), { ...MODEL_ONLY, concurrency });
  // Checkpoint ids are time-based: the probes' differ between any two runs.
  const text = JSON.stringify(report.toDict(), (key, value: unknown) =>
    /duration_ms|durationMs|^slow_under_load$/.test(key) ? undefined : value,
  );
  const json = JSON.parse(text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")) as {
    model: Record<string, unknown>;
  };
  return json.model;
}

/**
 * A factory that resets one shared store (a database every saver of the run uses, truncated by each new
 * saver's setup): one sequence at a time it is a correct saver; at once, a new sequence's saver wipes the others'.
 */
const shared = new MemorySaver();
class SharedStoreSaver extends MemorySaver {
  constructor() {
    super();
    for (const key of Object.keys(shared.storage)) delete shared.storage[key];
    for (const key of Object.keys(shared.writes)) delete shared.writes[key];
    this.storage = shared.storage;
    this.writes = shared.writes;
  }
}

describe("model sequences under concurrency", () => {
  it("a correct saver: the same sequences run and pass as in a serial run", async () => {
    const serial = await modelPart(() => new MemorySaver(), 1);
    expect(serial).toMatchObject({ status: "passed", runs: 20 });
    expect(await modelPart(() => new MemorySaver(), 4)).toEqual(serial);
  });

  it("a saver with a bug: the same disagreement, shrunk to the same sequence, as in a serial run", async () => {
    const serial = await modelPart(() => new FewBugsSaver(), 1);
    expect(serial.status).toBe("failed");
    expect(await modelPart(() => new FewBugsSaver(), 4)).toEqual(serial);
  });

  it("a disagreement only while sequences run at once is a failure, reported as a concurrency bug of the saver", async () => {
    expect(await modelPart(() => new SharedStoreSaver(), 1)).toMatchObject({ status: "passed", runs: 20 });
    const together = await modelPart(() => new SharedStoreSaver(), 4);
    expect(together.status).toBe("error");
    expect(String(together.error)).toMatch(
      /^sequence \d+ of 20 disagreed with the reference model while other sequences ran at once, each on its own saver, and agrees when the sequences run one after another: a concurrency bug of the saver/,
    );
  });
});
