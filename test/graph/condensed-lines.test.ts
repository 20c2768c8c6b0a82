import { describe, expect, it } from "vitest";
import { causeLines } from "../../src/diagnosis/explain.js";
import { GRAPH_LEGEND } from "../../src/graph/legend.js";
import { explainOnce, GraphSection } from "../../src/graph/report-section.js";
import { writesOrderProbe } from "../../src/kinds/checkpointer/probes/writes-order.js";
import type { GraphCaseResult } from "../../src/graph/result.js";
import type { CondensedReports } from "../../src/report/types.js";

/** A probe's confirmation as a graph case's message carries it (src/hints/explain.ts). */
const probe = (id: string, finding: string) => [
  `confirmed by probe ${id} (what it checks), on a fresh saver:`,
  `  ${finding}`,
  `  clause [JS-02, getTuple()]: the clause`,
];
const passed = (scenario: string): GraphCaseResult => ({
  id: scenario,
  scenario,
  name: `scenario ${scenario}`,
  variant: "default",
  status: "passed",
  durationMs: 1,
});
const deviating = (scenario: string, message: string[]): GraphCaseResult => ({
  id: scenario,
  scenario,
  name: `scenario ${scenario}`,
  variant: "default",
  status: "failed",
  durationMs: 1,
  message: ["differs from MemorySaver at step 2", ...message, GRAPH_LEGEND].join("\n"),
  deviation: "a declared deviation",
});

// Two savers' reports read one after the other: G06 and G07 of the first, G06 of the second, confirmed by the same probe.
const first = new GraphSection({
  results: [
    passed("G01"),
    passed("G02"),
    deviating("G06", probe("writes-order", "observed [b, a]")),
    deviating("G07", probe("writes-order", "observed [b, a]")),
  ],
});
const second = new GraphSection({
  results: [passed("G01"), deviating("G06", [...probe("writes-order", "observed [b, a]"), ...probe("branch-values", "observed [A, A]")])],
});

describe("a graph section condensed (npm start --details prints several reports one after another)", () => {
  const condensed: CondensedReports = { explained: new Set() };
  const text = [...first.lines({ condensed }), ...second.lines({ condensed })].join("\n");
  const count = (needle: string) => text.split(needle).length - 1;

  it("prints the legend and each probe's confirmation once, and refers to it after", () => {
    expect(count(GRAPH_LEGEND)).toBe(1);
    expect(count("confirmed by probe writes-order (what it checks), on a fresh saver:")).toBe(1);
    expect(count("confirmed by probe writes-order (what it checks): as shown above")).toBe(2);
    expect(count("confirmed by probe branch-values (what it checks), on a fresh saver:")).toBe(1);
    expect(count("differs from MemorySaver at step 2")).toBe(3);
  });

  it("folds the scenarios whose every case passed into one line, and keeps the others' lines", () => {
    expect(text).toContain("  ✓ 2 scenarios with every case passed: G01 G02");
    expect(text).toContain("  ✓ 1 scenario with every case passed: G01");
    expect(text).toContain("  ⚑ G06 scenario G06");
    expect(text).not.toMatch(/^ {2}✓ G01 /m);
  });

  it("without the option, a report prints every scenario and every explanation in full, as before", () => {
    const full = first.lines().join("\n");
    expect(full).toMatch(/^ {2}✓ G01 scenario G01$/m);
    expect(full.split(GRAPH_LEGEND)).toHaveLength(3);
    expect(full.split("confirmed by probe writes-order (what it checks), on a fresh saver:")).toHaveLength(3);
  });
});

it("recognises a probe's confirmation as the diagnosis writes it (src/diagnosis/explain.ts)", () => {
  const lines = causeLines([
    {
      probe: writesOrderProbe,
      status: "failed",
      what: "getTuple().pendingWrites, in order",
      expected: ["a", "b"],
      observed: ["b", "a"],
      operation: "getTuple()",
      catalogId: "JS-02",
    },
  ]);
  expect(lines[0]).toMatch(/^confirmed by probe writes-order \(.*\), on a fresh saver:$/);
  const explained = new Set<string>();
  expect(explainOnce(lines, explained)).toEqual(lines);
  expect(explainOnce(lines, explained)).toEqual([`confirmed by probe writes-order (${writesOrderProbe.title}): as shown above`]);
});
