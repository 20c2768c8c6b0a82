import { describe, expect, it } from "vitest";
import { checkpointerTest } from "../../../../src/index.js";
import { runModel } from "../../../../src/kinds/checkpointer/model/run-model.js";
import { MODEL_DEFAULTS } from "../../../../src/kinds/checkpointer/model/options.js";
import { ISSUE_40_MUTANTS } from "./issue-40-mutants.js";

/**
 * Issue 40 item 3: the default model run (its count and fixed seed, no options) catches a saver with one bug of the
 * families that passed it before, through the input it now generates: a re-put of a written checkpoint, a 64 KiB
 * write before small ones in one call, strings that look like other types, filter values with a quote, and threads
 * named like Object.prototype members. Each row's pattern is that input, found in the printed reproduction.
 */
const NEW_INPUT: Record<string, RegExp> = {
  "reput-cascades-to-writes": /\/\/ the same checkpoint again, with other metadata/,
  "reput-merges-metadata": /\/\/ the same checkpoint again, with other metadata/,
  "writes-indexed-by-completion": /\["messages", "w"\.repeat\(65536\)\]/,
  "json-decoded-twice": /"(42|true|null|\[\]|\{\}|-0|\\"quoted\\")"/,
  "filter-values-inlined": /"filter": \{[^}]*'/,
  "plain-object-threads": /"thread_id": "(toString|hasOwnProperty)"/,
};

describe("the default model run catches issue 40's bugs through the inputs it generates for them", () => {
  it.each(ISSUE_40_MUTANTS.map((m) => [m.name, m] as const))("%s", async (name, mutant) => {
    const result = await runModel(
      checkpointerTest({ name }, () => mutant.create()),
      { timeoutMs: 5_000 },
    );
    expect(result.seed).toBe(MODEL_DEFAULTS.seed);
    expect(result.requestedRuns).toBe(MODEL_DEFAULTS.runs);
    expect(result.status, `${mutant.bug}: ${result.error ?? ""}`).toBe("failed");
    expect(result.failure!.reproduction).toMatch(NEW_INPUT[name]!);
  });
});
