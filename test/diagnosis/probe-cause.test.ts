import { describe, expect, it } from "vitest";
import { MemorySaver, type BaseCheckpointSaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { checkpointerTest } from "../../src/index.js";
import { thrownError } from "../../src/runtime/thrown-error.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../src/test-utils.js";
import { probeCause } from "../../src/diagnosis/probe-cause.js";
import { ProbeRunner } from "../../src/diagnosis/run-probes.js";
import { ALONE } from "../../src/runtime/lease.js";
import { ColonThreadsThrow, PutThrowsTypeError } from "../fixtures/throwing-savers.js";

const IDS = { threads: ["3f0c1d52-9a8b-4c7d-8e6f-5a4b3c2d1e0f:t"], namespaces: [] };
const PUT_ERROR = "Cannot read properties of undefined (reading 'key')";

/** getTuple() without a checkpoint_id answers with the thread put last: the ids and latest probes fail by a wrong answer. */
class ReadsTheLastPutThread extends MemorySaver {
  private last?: RunnableConfig;

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata): Promise<RunnableConfig> {
    this.last = { configurable: { thread_id: config.configurable?.thread_id, checkpoint_ns: config.configurable?.checkpoint_ns } };
    return super.put(config, checkpoint, metadata);
  }

  override async getTuple(config: RunnableConfig) {
    return super.getTuple(config.configurable?.checkpoint_id === undefined && this.last ? this.last : config);
  }
}

/** ReadsTheLastPutThread whose putWrites() also always throws. */
class AlsoRejectsWrites extends ReadsTheLastPutThread {
  override async putWrites(): Promise<void> {
    throw new Error("writes table missing");
  }
}

/** deleteThread() always throws; everything else works. */
class RejectsDeleteThread extends MemorySaver {
  override async deleteThread(): Promise<void> {
    throw new Error("DELETE not permitted");
  }
}

const runner = (create: () => BaseCheckpointSaver) =>
  new ProbeRunner(checkpointerTest({ name: create.name || "saver" }, create), 30_000, ALONE);
const occurrences = (lines: readonly string[], part: string) => lines.join("\n").split(part).length - 1;

/** The error put() of PutThrowsTypeError throws, as a failure would show it. */
async function putError() {
  const error = await new PutThrowsTypeError().put(generateConfig("t"), generateCheckpoint(), generateMetadata()).catch((e: unknown) => e);
  return thrownError(error, "put()");
}

describe("probeCause: the candidates' probes in the caller's order, the first failed one confirmed", () => {
  it("confirms the first candidate whose probe gave a wrong answer, runs a repeated clause once, and skips clauses no probe covers", async () => {
    const probes = runner(() => new ReadsTheLastPutThread());
    const cause = await probeCause(probes, ["latest", "namespace", "ids", "latest"], IDS);
    expect(cause.confirmed?.probe.clause).toBe("latest");
    expect(probes.runs).toBe(2);
    expect(cause.lines.filter((l) => l.startsWith("confirmed by probe ")).map((l) => l.split(" ")[3])).toEqual(["latest", "ids"]);
    // The same failures in the other order: the other clause is the confirmed one.
    expect((await probeCause(probes, ["ids", "latest"], IDS)).confirmed?.probe.clause).toBe("ids");
  });

  it("says the cause is not known when no candidate has a probe, and names none", async () => {
    const cause = await probeCause(
      runner(() => new MemorySaver()),
      ["namespace", "thread-isolation"],
      IDS,
    );
    expect(cause.confirmed).toBeUndefined();
    expect(cause.lines).toEqual(["cause not known: no targeted probe covers this comparison"]);
  });
});

describe("probeCause: an error the saver throws in the probes of several clauses confirms none of them", () => {
  it("a put() that always throws a TypeError confirms no clause and is quoted once, not once per probe", async () => {
    const cause = await probeCause(
      runner(() => new PutThrowsTypeError()),
      ["ids", "latest", "pending-writes", "parent"],
      IDS,
    );
    expect(cause.confirmed).toBeUndefined();
    expect(cause.lines[0]).toBe(
      "cause not confirmed: the saver threw the same error in every probe on a fresh saver (ids, latest, pending-writes, parent), so no probe isolates a clause; the cause is the saver's error:",
    );
    expect(cause.lines[1]).toBe(`  the saver threw: TypeError: ${PUT_ERROR}`);
    expect(cause.lines[2]).toMatch(/^ {6}at PutThrowsTypeError\.put .*throwing-savers\.ts:\d+:\d+/);
    expect(occurrences(cause.lines, PUT_ERROR)).toBe(1);
    expect(cause.lines.join("\n")).not.toMatch(/confirmed by probe/);
  });

  it("refers to the error instead of quoting it when the failure already shows it", async () => {
    const cause = await probeCause(
      runner(() => new PutThrowsTypeError()),
      ["ids", "latest"],
      IDS,
      await putError(),
    );
    expect(cause.confirmed).toBeUndefined();
    expect(cause.lines).toEqual([
      expect.stringMatching(/^cause not confirmed: the saver threw the same error in every probe/),
      "  the saver threw the error shown above",
    ]);
  });

  it("a lone candidate that throws is compared with a probe of another clause: the same error there confirms nothing", async () => {
    const probes = runner(() => new PutThrowsTypeError());
    const cause = await probeCause(probes, ["metadata"], IDS);
    expect(cause.confirmed).toBeUndefined();
    expect(cause.lines[0]).toMatch(
      /^cause not confirmed: the saver threw the same error in every probe on a fresh saver \(metadata, pending-writes\)/,
    );
    expect(probes.runs).toBe(2);
  });

  it("a lone candidate whose error the other clause's probe does not hit is confirmed", async () => {
    const cause = await probeCause(
      runner(() => new RejectsDeleteThread()),
      ["delete-thread"],
      IDS,
    );
    expect(cause.confirmed?.probe.clause).toBe("delete-thread");
    expect(cause.lines[0]).toMatch(/^confirmed by probe delete-thread /);
    expect(cause.lines[1]).toBe("  the saver threw: Error: DELETE not permitted");
  });

  it("a saver that throws only for thread ids with ':' still has the ids clause confirmed, alone or with other candidates", async () => {
    for (const clauses of [["ids"], ["ids", "latest", "pending-writes", "list"]] as const) {
      const cause = await probeCause(
        runner(() => new ColonThreadsThrow()),
        clauses,
        IDS,
      );
      expect(cause.confirmed?.probe.clause, clauses.join()).toBe("ids");
      expect(cause.lines.slice(0, 2)).toEqual([
        expect.stringMatching(/^confirmed by probe ids \(round-trip/),
        "  the saver threw: TypeError: invalid thread key: ':' is reserved",
      ]);
      expect(cause.lines.join("\n")).not.toMatch(/not confirmed/);
    }
  });

  it("a wrong answer still confirms its clause next to an error that probes of other clauses share, which is quoted once", async () => {
    const cause = await probeCause(
      runner(() => new AlsoRejectsWrites()),
      ["pending-writes", "special-upsert", "latest"],
      IDS,
    );
    expect(cause.confirmed?.probe.clause).toBe("latest");
    const text = cause.lines.join("\n");
    expect(text).toMatch(/^confirmed by probe latest /);
    expect(text).toMatch(
      /\nnot confirmed by probes pending-writes, special-upsert: the saver threw the same error in each .*\n  the saver threw: Error: writes table missing/,
    );
    expect(occurrences(cause.lines, "writes table missing")).toBe(1);
  });
});

describe("ProbeRunner under load: a probe beside other work of the run follows the grace rule", () => {
  const TIMEOUT_MS = 200;
  const slow = () => new Promise((resolve) => setTimeout(resolve, 2 * TIMEOUT_MS));
  const busy = { othersInFlight: () => true };

  /** ReadsTheLastPutThread from a factory that takes 2× the timeout. */
  const slowFactory = checkpointerTest({ name: "slow-factory" }, async function* () {
    await slow();
    yield new ReadsTheLastPutThread();
  });

  /** ReadsTheLastPutThread whose getTuple() takes 2× the timeout. */
  class SlowReads extends ReadsTheLastPutThread {
    override async getTuple(config: RunnableConfig) {
      await slow();
      return super.getTuple(config);
    }
  }

  it("a factory slower than the timeout while others are in flight: the probe still runs and confirms its clause by the saver's wrong answer", async () => {
    const { confirmed } = await probeCause(new ProbeRunner(slowFactory, TIMEOUT_MS, busy), ["latest"], IDS);
    expect([confirmed?.probe.clause, confirmed?.status]).toEqual(["latest", "failed"]);
  });

  it("a probe's call slower than the timeout while others are in flight: the same", async () => {
    const registered = checkpointerTest({ name: "slow-reads" }, () => new SlowReads());
    const { confirmed } = await probeCause(new ProbeRunner(registered, TIMEOUT_MS, busy), ["latest"], IDS);
    expect([confirmed?.probe.clause, confirmed?.status]).toEqual(["latest", "failed"]);
  });

  it("alone (no load), the same factory is a timeout the probe reports, and confirms nothing", async () => {
    const cause = await probeCause(new ProbeRunner(slowFactory, TIMEOUT_MS, ALONE), ["latest"], IDS);
    expect(cause.confirmed).toBeUndefined();
    expect(cause.lines[0]).toMatch(
      /^cause not confirmed: the factory failed the same way in every probe on a fresh saver \(latest, \S+\), so no probe isolates a clause; the cause is the factory's error:$/,
    );
    expect(cause.lines.join("\n")).toContain(
      `the factory failed: TimeoutError: timed out after ${TIMEOUT_MS} ms in the factory (creating a saver for a probe)`,
    );
  });

  it("a saver that hangs in every probe confirms no clause: the same timeout in each, quoted once", async () => {
    class Hangs extends MemorySaver {
      override getTuple = () => new Promise<never>(() => undefined);
      override put = () => new Promise<never>(() => undefined);
    }
    const cause = await probeCause(
      new ProbeRunner(
        checkpointerTest({ name: "hangs" }, () => new Hangs()),
        TIMEOUT_MS,
        ALONE,
      ),
      ["latest"],
      IDS,
    );
    expect(cause.confirmed).toBeUndefined();
    expect(cause.lines[0]).toMatch(/^cause not confirmed: the saver threw the same error in every probe on a fresh saver \(latest, \S+\)/);
    expect(cause.lines.join("\n")).toContain(`the saver threw: TimeoutError: timed out after ${TIMEOUT_MS} ms in a probe's calls`);
  });

  it("a factory that fails one probe only (slow once) confirms nothing, and says so", async () => {
    let made = 0;
    const slowOnce = checkpointerTest({ name: "slow-once" }, async function* () {
      if (made++ === 0) await slow();
      yield new ReadsTheLastPutThread();
    });
    const cause = await probeCause(new ProbeRunner(slowOnce, TIMEOUT_MS, ALONE), ["latest"], IDS);
    expect(cause.confirmed).toBeUndefined();
    expect(cause.lines[0]).toBe("cause not known: the probes run on a fresh saver, and the factory failed for latest:");
    expect(cause.lines.join("\n")).toContain(`timed out after ${TIMEOUT_MS} ms in the factory (creating a saver for a probe)`);
  });
});
