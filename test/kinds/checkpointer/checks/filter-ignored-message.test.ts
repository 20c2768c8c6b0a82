import { describe, expect, it } from "vitest";
import { checkpointerTest, validate } from "../../../../src/index.js";
import knownKeysOnly from "../../../mutants/list-filter-known-keys-only.mutant.js";
import skipsFalsy from "../../../mutants/flt-skips-falsy-values.mutant.js";
import keysAsPaths from "../../../mutants/flt-keys-as-json-paths.mutant.js";
import type { Mutant } from "../../../mutants/types.js";

/** The failure messages of the FLT tests on one mutant, by test name. */
async function fltMessages(mutant: Mutant): Promise<Map<string, string>> {
  const registered = checkpointerTest({ name: mutant.name }, () => mutant.create());
  const report = await validate(registered, {
    capabilities: ["list"],
    grep: "test_flt_",
    graph: false,
    model: false,
    retries: 0,
    timeoutMs: 30_000,
  });
  return new Map(report.failures().map(({ test }) => [test.name, test.failure.message]));
}

// Seen on langgraph-checkpoint-cloudflare-d1 0.2.0 (docs/third-party.md): a saver that keeps only the typed
// metadata keys failed five FLT tests whose rules (falsy values, null, type strictness, JSON paths) were not its bug.
describe("FLT failures of a saver that ignores custom filter keys name that, not the test's own rule", () => {
  it("every FLT test says the custom keys are ignored", async () => {
    const messages = await fltMessages(knownKeysOnly);
    expect([...messages.keys()].sort()).toEqual([...knownKeysOnly.catches].filter((n) => n.startsWith("test_flt_")).sort());
    for (const [name, message] of messages) {
      // On the first line: it is the cause's title in every report.
      expect(message.split("\n")[0], name).toContain("the saver ignores filters on custom metadata keys altogether");
      expect(message, name).toContain("not only source, step and parents");
      expect(message, name).not.toContain("JSON path");
      expect(message, name).not.toContain("falsy filter value");
    }
  });

  it("a saver that drops only falsy filter values still gets the falsy rule", async () => {
    const message = (await fltMessages(skipsFalsy)).get("test_flt_falsy_filter_values_filter");
    expect(message).toContain('a falsy filter value (0, false, "") is a value to match');
    expect(message).not.toContain("custom metadata keys");
  });

  it("a saver that reads filter keys as JSON paths still gets the JSON path hint", async () => {
    const message = (await fltMessages(keysAsPaths)).get("test_flt_filter_keys_are_top_level_keys");
    expect(message).toContain("does the saver build a JSON path");
    expect(message).not.toContain("custom metadata keys");
  });
});
