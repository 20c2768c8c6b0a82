import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest } from "../../src/index.js";
import { runModel } from "../../src/model/run-model.js";
import { runThenReread } from "../../src/model/commands/state-check.js";
import { ReferenceModel } from "../../src/model/reference-model.js";
import { SequenceEnv, type ModelState, type RealState } from "../../src/model/sequence-env.js";
import { OutsideVocabularyError, VOCABULARY, VocabularyGuard, type SaverCall } from "../../src/model/vocabulary.js";
import { INSIDE, OUTSIDE } from "./vocabulary-examples.js";

/** A command that makes one saver call; `swallow`: it catches a rejection, as a command expecting one does. */
const calling = (call: SaverCall, swallow = false): fc.AsyncCommand<ModelState, RealState> => ({
  check: () => true,
  async run(_m, r) {
    const saver = r.saver as unknown as Record<string, (...args: unknown[]) => unknown>;
    const made = async () => {
      const result = saver[call.method]!(...call.args);
      if (result !== null && typeof result === "object" && Symbol.asyncIterator in result) for await (const _ of result as AsyncIterable<unknown>);
      else await result;
    };
    await (swallow ? made().catch(() => undefined) : made());
  },
  toString: () => `${call.method}(...)`,
});

// The model mode's generators, with one that makes a call outside the vocabulary, for the run-level test.
const outOfVocabulary = vi.hoisted(() => ({ on: false }));
vi.mock("../../src/model/commands/index.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/model/commands/index.js")>();
  return {
    ...original,
    commandArbitraries: (...args: Parameters<typeof original.commandArbitraries>) =>
      outOfVocabulary.on ? [fc.constant(calling(OUTSIDE["put-writes-with-namespace"], true))] : original.commandArbitraries(...args),
  };
});

/** A saver with a private field (called on itself, not on the guard's proxy) that notes the calls it receives. */
class NotingSaver extends MemorySaver {
  readonly received: string[] = [];
  #calls = 0;
  override async put(...args: Parameters<MemorySaver["put"]>) {
    this.received.push(`put ${++this.#calls}`);
    return super.put(...args);
  }
  override async putWrites(...args: Parameters<MemorySaver["putWrites"]>) {
    this.received.push(`putWrites ${++this.#calls}`);
    return super.putWrites(...args);
  }
  async prune(_threadIds: string[], _options?: { strategy?: string }) {
    this.received.push(`prune ${++this.#calls}`);
  }
}

const run = (saver: NotingSaver, commands: fc.AsyncCommand<ModelState, RealState>[]) =>
  runThenReread(() => ({ model: { model: new ReferenceModel(), env: new SequenceEnv(new Map(), () => undefined, 5_000) }, real: { saver } }), commands);

describe("the generators' vocabulary (src/model/vocabulary.ts)", () => {
  it.each(Object.keys(VOCABULARY))("rejects a call outside rule %s, naming it, before it reaches the saver", async (name) => {
    const rule = name as keyof typeof VOCABULARY;
    const saver = new NotingSaver();
    const guard = new VocabularyGuard();
    const watched = guard.watch(saver) as unknown as Record<string, (...args: unknown[]) => unknown>;
    expect(() => watched[OUTSIDE[rule].method]!(...OUTSIDE[rule].args)).toThrow(expect.objectContaining({ name: "OutsideVocabularyError", rule }));
    expect(() => guard.throwIfBroken()).toThrow(`rule ${rule}:`);
    expect(saver.received).toEqual([]);
  });

  it("lets the generators' inputs through, each call on the saver itself", async () => {
    const saver = new NotingSaver();
    await run(saver, INSIDE.map((call) => calling(call)));
    expect(saver.received).toEqual(["put 1", "putWrites 2", "prune 3"]);
  });

  it("fails the sequence with the rule even when the command caught the rejection", async () => {
    const saver = new NotingSaver();
    const sequence = run(saver, [calling(INSIDE[0]!), calling(OUTSIDE["put-writes-with-namespace"], true)]);
    await expect(sequence).rejects.toThrow(OutsideVocabularyError);
    await expect(sequence).rejects.toThrow("rule put-writes-with-namespace:");
    expect(saver.received).toEqual(["put 1"]);
  });

  it("fails a model run whose generators step outside it as a run error naming the rule, never a verdict on the saver", async () => {
    outOfVocabulary.on = true;
    try {
      const result = await runModel(checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()), { runs: 5, seed: 1, maxCommands: 3, timeoutMs: 5_000 });
      expect(result.status).toBe("error");
      expect(result.failure).toBeUndefined();
      expect(result.error).toContain("rule put-writes-with-namespace: putWrites always gets checkpoint_ns");
    } finally {
      outOfVocabulary.on = false;
    }
  });
});
