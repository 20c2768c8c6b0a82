import { describe, expect, it } from "vitest";
import { SuiteNotes } from "../../src/adapters/suite-notes.js";

describe("SuiteNotes: what passing tests say, as one block at the suite's end", () => {
  it("says nothing when no test had a note", () => {
    expect(new SuiteNotes().block("S conformance")).toBeUndefined();
  });

  it("gives each note its heading and first detail line, and each not-run reason once with its count", () => {
    const notes = new SuiteNotes();
    notes.note("advisory (never fails): put › test_a [PUT-09]: keeps order\n\n  expected 1, got 2\n  more detail");
    notes.note(`known deviation occurred: list › test_b [LS-01]: filters\nreason: ${"x".repeat(300)}`);
    notes.notRunTest("copy_thread not implemented: the saver has no copyThread() method");
    notes.notRunTest("copy_thread not implemented: the saver has no copyThread() method");
    const lines = notes.block("S conformance")!.trimEnd().split("\n");
    expect(lines[0]).toBe(
      "checkpoint-conformance: S conformance: notes from passing tests (none fails the run; the CLI's report has each in full)",
    );
    expect(lines.slice(1, 3)).toEqual(["  advisory (never fails): put › test_a [PUT-09]: keeps order", "      expected 1, got 2"]);
    expect(lines[3]).toBe("  known deviation occurred: list › test_b [LS-01]: filters");
    expect(lines[4]).toMatch(/^ {6}reason: x+…$/);
    expect(lines[4].trim()).toHaveLength(200);
    expect(lines.slice(5)).toEqual([
      "  not run: copy_thread not implemented: the saver has no copyThread() method (2 tests shown as passed: this runner cannot skip a running test)",
    ]);
  });
});
