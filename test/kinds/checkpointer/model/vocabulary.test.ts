import type fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { runThenReread } from "../../../../src/kinds/checkpointer/model/commands/state-check.js";
import { ReferenceModel } from "../../../../src/kinds/checkpointer/model/reference-model.js";
import { SequenceEnv, type ModelState, type RealState } from "../../../../src/kinds/checkpointer/model/sequence-env.js";
import {
  OutsideVocabularyError,
  VOCABULARY,
  VocabularyGuard,
  type SaverCall,
} from "../../../../src/kinds/checkpointer/model/vocabulary.js";
import { INSIDE, OUTSIDE } from "./vocabulary-examples.js";

/** A command that makes one saver call; `swallow`: it catches a rejection, as a command expecting one does. */
const calling = (call: SaverCall, swallow = false): fc.AsyncCommand<ModelState, RealState> => ({
  check: () => true,
  async run(_m, r) {
    const saver = r.saver as unknown as Record<string, (...args: unknown[]) => unknown>;
    const made = async () => {
      const result = saver[call.method]!(...call.args);
      if (result !== null && typeof result === "object" && Symbol.asyncIterator in result)
        for await (const _ of result as AsyncIterable<unknown>);
      else await result;
    };
    await (swallow ? made().catch(() => undefined) : made());
  },
  toString: () => `${call.method}(...)`,
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
  runThenReread(
    () => ({ model: { model: new ReferenceModel(), env: new SequenceEnv(new Map(), () => undefined, 5_000) }, real: { saver } }),
    commands,
  );

describe("the generators' vocabulary (src/kinds/checkpointer/model/vocabulary.ts)", () => {
  it.each(Object.keys(VOCABULARY))("rejects a call outside rule %s, naming it, before it reaches the saver", async (name) => {
    const rule = name as keyof typeof VOCABULARY;
    const saver = new NotingSaver();
    const guard = new VocabularyGuard();
    const watched = guard.watch(saver) as unknown as Record<string, (...args: unknown[]) => unknown>;
    expect(() => watched[OUTSIDE[rule].method]!(...OUTSIDE[rule].args)).toThrow(
      expect.objectContaining({ name: "OutsideVocabularyError", rule }),
    );
    expect(() => guard.throwIfBroken()).toThrow(`rule ${rule}:`);
    expect(saver.received).toEqual([]);
  });

  it("lets the generators' inputs through, each call on the saver itself", async () => {
    const saver = new NotingSaver();
    await run(
      saver,
      INSIDE.map((call) => calling(call)),
    );
    expect(saver.received).toEqual(["put 1", "putWrites 2", "prune 3"]);
  });

  // runThenReread runs every sequence of a model run (and every replay): its error fails the run as an error, not a verdict.
  it("fails the sequence with the rule even when the command caught the rejection", async () => {
    const saver = new NotingSaver();
    const sequence = run(saver, [calling(INSIDE[0]!), calling(OUTSIDE["put-writes-with-namespace"], true)]);
    await expect(sequence).rejects.toThrow(OutsideVocabularyError);
    await expect(sequence).rejects.toThrow("rule put-writes-with-namespace:");
    expect(saver.received).toEqual(["put 1"]);
  });
});
