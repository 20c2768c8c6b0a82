import { describe, expect, it } from "vitest";
import { checkpointerTest } from "../../../../src/index.js";
import { runModel } from "../../../../src/kinds/checkpointer/model/run-model.js";
import { MODEL_DEFAULTS } from "../../../../src/kinds/checkpointer/model/options.js";
import { ADVERSARIAL_MUTANTS } from "./adversarial-mutants.js";

/**
 * Issue 13's "done": a saver that treats an id as a pattern or a prefix, folds
 * ids by case, drops a falsy value, sorts as text or by ts, or stops at a page
 * boundary fails the DEFAULT model run (its count and fixed seed, no options),
 * with a message that names the id, value or boundary.
 */
describe("the default model run catches the bugs of real third-party savers (issue 13)", () => {
  it.each(ADVERSARIAL_MUTANTS.map((m) => [m.name, m] as const))("%s", async (_name, mutant) => {
    const result = await runModel(
      checkpointerTest({ name: mutant.name }, () => mutant.create()),
      { timeoutMs: 5_000 },
    );
    expect(result.seed).toBe(MODEL_DEFAULTS.seed);
    expect(result.requestedRuns).toBe(MODEL_DEFAULTS.runs);
    expect(result.status, `${mutant.bug}: ${result.error ?? ""}`).toBe("failed");
    expect(result.failure!.reproduction).toContain(`// ${mutant.name}: minimal sequence`);
  });

  it("names the id, the value or the boundary that broke", async () => {
    const failure = async (name: string) => {
      const mutant = ADVERSARIAL_MUTANTS.find((m) => m.name === name)!;
      return (
        await runModel(
          checkpointerTest({ name }, () => mutant.create()),
          { timeoutMs: 5_000 },
        )
      ).failure!;
    };
    // deleteThread of one id took a look-alike thread: the read names the thread that vanished.
    const prefix = await failure("prefix-delete-thread");
    expect(prefix.reproduction).toMatch(/await saver\.deleteThread\("([^"]+)"\);/);
    expect(prefix.lines.join("\n")).toMatch(/thread_id: "[^"]+".*got undefined/);
    // A page boundary: 101 expected, 100 listed.
    expect((await failure("list-first-page-only")).lines.join("\n")).toContain("expected 101, got 100");
    // A falsy value: the channel that lost it, and the value.
    expect((await failure("drops-falsy-channel-values")).lines.join("\n")).toMatch(
      /channel_values\.\w+: expected (0|""|false|null), but the key is missing/,
    );
  });
});
