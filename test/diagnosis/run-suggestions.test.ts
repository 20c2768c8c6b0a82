import { InMemoryStore, MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, storeTest, validate, type ConformanceReport } from "../../src/index.js";
import { runSuggestions } from "../../src/diagnosis/run-suggestions.js";
import { SPECS } from "../../src/kinds/checkpointer/checks/index.js";
import { STORE_SPECS } from "../../src/kinds/store/checks/index.js";
import { reportFromJSON, reportToJSON } from "../../src/sections/report-json.js";
import type { CapabilityResult } from "../../src/report/conformance-report.js";
import { LatestOnlySaver } from "../fixtures/latest-only-saver.js";

/** The suggestions survive every form of the report: toDict(), the JSON report and its revival. */
function expectCarried(report: ConformanceReport): void {
  expect(report.suggestions.length).toBeGreaterThan(0);
  expect(report.toDict().suggestions).toEqual(report.suggestions.map((s) => ({ ...s, details: [...s.details] })));
  const revived = reportFromJSON(JSON.parse(JSON.stringify(reportToJSON(report))));
  expect(revived.suggestions).toEqual(report.suggestions);
  expect(revived.formatReport()).toBe(report.formatReport());
}

describe("what the run as a whole suggests (issue 25), computed where the report is built and carried as data", () => {
  it("a plain InMemoryStore fails its declared deviation that drops one namespace's put for another's: a bug to fix, never suggested for declaring (issue 39)", async () => {
    const report = await validate(
      storeTest({ name: "InMemoryStore" }, () => new InMemoryStore()),
      { capabilities: ["batch"], model: false, retries: 0 },
    );
    expect(report.failures().map((f) => f.test.name)).toEqual(["test_store_batch_puts_of_lookalike_paths_are_distinct"]);
    expect(report.suggestions.find((s) => s.kind === "built-in-deviations")).toBeUndefined();
    expect(report.causes()[0].harm).toBe("crosses");
  }, 60_000);

  it("a shallow saver run without --latest-only: most failures are history tests that found fewer checkpoints", async () => {
    const report = await validate(
      checkpointerTest({ name: "shallow" }, () => new LatestOnlySaver()),
      { capabilities: ["list", "get_tuple"], graph: false, model: false, retries: 0 },
    );
    expect(report.suggestions.map((s) => s.kind)).toContain("latest-only");
    expectCarried(report);
    const text = report.formatReport();
    expect(text).toMatch(
      /SUGGESTED\n {6}\d+ of the \d+ failed spec tests read checkpoints older than the latest and found fewer \(or none\)\. .*run with --latest-only/,
    );
    // Declared latest-only, the same saver gets no such suggestion.
    const declared = await validate(
      checkpointerTest({ name: "shallow", profile: "latest-only" }, () => new LatestOnlySaver()),
      { capabilities: ["list"], graph: false, model: false, retries: 0 },
    );
    expect(declared.suggestions.map((s) => s.kind)).not.toContain("latest-only");
  }, 60_000);

  it("advisory failures the official savers share are labelled known upstream behaviour, under ADVISORY (not on the first screen)", async () => {
    const report = await validate(
      checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver()),
      { capabilities: ["put"], graph: false, model: false, retries: 0 },
    );
    const upstream = report.suggestions.find((s) => s.kind === "upstream-advisory");
    expect(upstream?.details).toContainEqual(expect.stringMatching(/^put › test_put_stores_only_changed_channels: measured: MemorySaver/));
    expectCarried(report);
    const text = report.formatReport();
    expect(text).not.toContain("SUGGESTED");
    expect(text).toMatch(
      /ADVISORY \(reported, never fails a capability\)\n(?: {6}⚠ .*\n)+ {6}known upstream behaviour: \d+ advisory tests? failed as the official implementations do \(no action needed\):\n {8}- put › test_put_stores_only_changed_channels: /,
    );
  }, 60_000);

  it("failures that are exactly SqliteSaver's declared deviations name it and print the declaration they match", () => {
    const name = "test_delete_thread_first_call_on_fresh_saver";
    const spec = SPECS.delete_thread!.tests.find((t) => t.name === name)!;
    const results: Partial<Record<CapabilityResult["capability"], CapabilityResult>> = {
      delete_thread: {
        capability: "delete_thread",
        kind: "base",
        status: "failed",
        detected: true,
        inherited: false,
        durationMs: 1,
        tests: [
          {
            status: "failed",
            name,
            ids: spec.ids,
            description: spec.description,
            advisory: false,
            durationMs: 1,
            failure: { message: "deleteThread threw Error: no such table: checkpoints", errorName: "Error", thrownBySaver: true },
          },
        ],
      },
    };
    const [suggestion] = runSuggestions({ results, profile: "full" }, SPECS, ["MySqliteSaver", "SqliteSaver", "BaseCheckpointSaver"]);
    expect(suggestion.kind).toBe("built-in-deviations");
    expect(suggestion.text).toContain(
      "The subject is or wraps SqliteSaver, and every failed spec test is one of its declared deviations (sqliteBackend.knownDeviations)",
    );
    expect(suggestion.text).toContain("knownDeviations: sqliteBackend.knownDeviations");
    expect(suggestion.details).toEqual([
      expect.stringMatching(/^test_delete_thread_first_call_on_fresh_saver: SqliteSaver 1\.0\.4 creates its tables lazily/),
    ]);
    // One more failure outside the table: no backend fits.
    const other = {
      ...results.delete_thread!,
      tests: [
        ...results.delete_thread!.tests,
        { ...results.delete_thread!.tests[0], name: "test_delete_thread_removes_all" } as CapabilityResult["tests"][number],
      ],
    };
    expect(runSuggestions({ results: { delete_thread: other }, profile: "full" }, SPECS, ["SqliteSaver"])).toEqual([]);
    // A subject that neither is nor wraps SqliteSaver, or whose class is not known: its failures are its own bugs (issue 39).
    expect(runSuggestions({ results, profile: "full" }, SPECS, ["MySaver", "BaseCheckpointSaver"])).toEqual([]);
    expect(runSuggestions({ results, profile: "full" }, SPECS)).toEqual([]);
  });

  it("never suggests declaring a deviation that returns another namespace's data, even for the backend that has it (issue 39)", () => {
    const name = "test_store_search_prefix_matches_whole_labels";
    const spec = STORE_SPECS.search!.tests.find((t) => t.name === name)!;
    const results = {
      search: {
        capability: "search",
        kind: "base",
        status: "failed",
        detected: true,
        inherited: false,
        durationMs: 1,
        tests: [
          {
            status: "failed",
            name,
            ids: spec.ids,
            description: spec.description,
            advisory: false,
            durationMs: 1,
            failure: {
              message: 'search(["acme"]) must not return items of ["acme-corp"]\n  expected: 1 item\n  actual:   2 items',
              errorName: "ConformanceError",
              thrownBySaver: false,
            },
          },
        ],
      },
    } as unknown as Parameters<typeof runSuggestions>[0]["results"];
    expect(runSuggestions({ results, profile: "full" }, STORE_SPECS, ["PostgresStore", "BaseStore"])).toEqual([]);
  });
});
