import { GraphSection } from "../../src/graph/report-section.js";
import { ModelReportSection } from "../../src/kinds/checkpointer/model/model-report.js";
import { ConformanceReport } from "../../src/report/conformance-report.js";
import { fixedReport } from "./fixed-report.js";

/** The fixed report plus a failed graph case (with its divergence) and a failed model run: every part the HTML page shows. */
export function reportWithSections(): ConformanceReport {
  const base = fixedReport();
  const graph = new GraphSection({
    results: [
      { id: "G05", scenario: "G05", name: "update-state-as-node", variant: "async", status: "passed", durationMs: 10 },
      {
        id: "G16[resume-map]",
        scenario: "G16",
        name: "parallel-interrupts-resume-map",
        variant: "resume-map",
        status: "failed",
        durationMs: 12,
        message: [
          'differs from MemorySaver at step 2 "getState at the pause", field tasks[0].interrupts.length:',
          "  MemorySaver: 1",
          "  this saver:  0",
          "confirmed by probe special-upsert (a special write next to regular writes of the same task), on a fresh saver:",
          "  clause [JS-03, putWrites()]: a write to __error__, __interrupt__ or __resume__ replaces the same task's earlier write to that channel",
          "legend: step N = the Nth thing the scenario recorded",
        ].join("\n"),
        divergence: {
          step: 2,
          label: "getState at the pause",
          path: "tasks[0].interrupts.length",
          expected: 1,
          actual: 0,
          clause: "special-upsert",
          method: "putWrites()",
        },
      },
      {
        id: "G07",
        scenario: "G07",
        name: "replay-old-checkpoint",
        variant: "async",
        status: "not-applicable",
        reason: "not applicable (latest-only): reads history, replays or forks",
      },
    ],
  });
  const model = new ModelReportSection({
    status: "failed",
    runs: 9,
    requestedRuns: 30,
    seed: 7,
    seedDrawn: false,
    interrupted: false,
    durationMs: 500,
    extended: [],
    declared: [],
    failure: {
      operation: "getTuple()",
      id: "GT-02",
      ids: ["GT-02"],
      lines: ["- pendingWrites.length: expected 2, got 1"],
      cause: ["cause not known: no targeted probe failed"],
      removedByReplay: 0,
      replays: 0,
      reproduction: 'const saver = /* a fresh saver */;\nawait saver.putWrites(config, [["ch", 1]], "<task>");',
      sequence: "",
      seed: 7,
      path: "1:2@AA",
      shrinks: 3,
    },
  });
  return new ConformanceReport({
    subjectName: base.subjectName,
    results: base.results,
    errors: base.errors,
    durationMs: base.durationMs,
    sections: [model, graph],
  });
}
