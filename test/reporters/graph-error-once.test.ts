import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { beforeAll, describe, expect, it } from "vitest";
import { checkpointerTest, validate, type ConformanceReport } from "../../src/index.js";
import { GraphSection } from "../../src/graph/report-section.js";
import { reportFromJSON } from "../../src/sections/report-json.js";
import type { GraphCaseResult } from "../../src/graph/result.js";
import { plainPalette, REPORTER_NAMES, REPORTERS } from "../../src/reporters/index.js";

/**
 * The second line of the saver's error: the causes' titles name an error by
 * its first line only, so this line is printed exactly where the failure
 * itself is shown in full.
 */
const DETAIL = "DETAIL: relation checkpoints is read-only (graph-error-once)";

/**
 * A saver whose put() rejects the first checkpoint with an `items` channel (the
 * state of the scenario's graph): the graph case fails with this one error (once,
 * so the transcript does not quote it), while the targeted probes (which store
 * other channels) pass and add no error text of their own.
 */
class ReadOnlySaver extends MemorySaver {
  private refused = false;

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    if (!this.refused && "items" in checkpoint.channel_values) {
      this.refused = true;
      throw new Error(`could not insert the checkpoint\n${DETAIL}`);
    }
    return super.put(config, checkpoint, metadata);
  }
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

function render(report: ConformanceReport, name: (typeof REPORTER_NAMES)[number]): string {
  return REPORTERS[name].report({ write: () => undefined, palette: plainPalette, env: {} }).render(report);
}

describe("a graph case where the saver threw shows the saver's error once", () => {
  let report: ConformanceReport;
  let graph: GraphSection;
  let failed: Extract<GraphCaseResult, { status: "failed" }>;

  beforeAll(async () => {
    // G05 has one variant: one graph failure, one cause.
    report = await validate(
      checkpointerTest({ name: "ReadOnly" }, () => new ReadOnlySaver()),
      { capabilities: [], graph: { scenarios: ["G05"] }, model: false },
    );
    graph = report.sections.find((s): s is GraphSection => s instanceof GraphSection)!;
    const first = graph.results[0];
    if (first.status !== "failed") throw new Error(`expected G05 to fail on a saver whose put() rejects, got ${first.status}`);
    failed = first;
  }, 120_000);

  it("keeps the error as data and out of the message", () => {
    expect(failed.error).toMatchObject({ name: "Error", method: "put()", message: `could not insert the checkpoint\n${DETAIL}` });
    expect(failed.error!.frames[0]).toMatch(/ReadOnlySaver\.put .*graph-error-once\.test\.ts:\d+:\d+/);
    expect(failed.message).not.toContain("could not insert the checkpoint");
    expect(report.causes()).toHaveLength(1);
  });

  it.each(REPORTER_NAMES.filter((name) => !["json", "report-json", "html"].includes(name)))(
    "%s shows it once, with the line of the saver that threw",
    (name) => {
      const text = render(report, name);
      if (name === "dots") {
        // One line per cause: the error's first line and the saver's line, once.
        expect(occurrences(text, "put() threw Error: could not insert the checkpoint")).toBe(1);
        expect(occurrences(text, "graph-error-once.test.ts:")).toBe(1);
        return;
      }
      expect(occurrences(text, DETAIL), name).toBe(1);
      expect(text, name).toMatch(/at ReadOnlySaver\.put \(.*graph-error-once\.test\.ts:\d+:\d+\)/);
    },
  );

  it("html shows it as its styled line, once in the failures by cause and once in the graph section", () => {
    // The search index of each block (data-filter) holds its text too; only what the reader sees counts.
    const shown = render(report, "html").replace(/ data-filter="[^"]*"/g, "");
    const [causesPart, graphPart] = shown.split('<h2 id="graph"');
    for (const part of [causesPart, graphPart]) {
      expect(occurrences(part, "The saver threw Error in put(): could not insert the checkpoint")).toBe(1);
      expect(occurrences(part, DETAIL)).toBe(1);
      expect(part).toMatch(/at ReadOnlySaver\.put \(.*graph-error-once\.test\.ts:\d+:\d+\)/);
    }
    // The graph section has no title line: the styled line is the only place; the cause's title is the other one above.
    expect(occurrences(graphPart, "could not insert the checkpoint")).toBe(1);
    expect(occurrences(causesPart, "could not insert the checkpoint")).toBe(2);
  });

  it("json keeps it once per case, as data beside the message, and a report read back renders the same", () => {
    const [graphCase] = JSON.parse(render(report, "json")).graph.cases;
    expect(graphCase.message).not.toContain("could not insert the checkpoint");
    expect(graphCase.error).toMatchObject({ name: "Error", method: "put()", message: `could not insert the checkpoint\n${DETAIL}` });
    const back = reportFromJSON(JSON.parse(render(report, "report-json")));
    expect(render(back, "pretty")).toBe(render(report, "pretty"));
  });

  it("the graph section's own lines (what a run without causes prints) carry it once", () => {
    const lines = graph.lines().join("\n");
    expect(occurrences(lines, DETAIL)).toBe(1);
    expect(lines).toMatch(/put\(\) threw Error: could not insert the checkpoint\n.*DETAIL/);
  });
});
