import { ConformanceUsageError } from "../util/errors.js";
import { GRAPH_SCENARIO_IDS } from "../graph/scenario-ids.js";
import { GraphSection } from "../graph/report-section.js";
import { ModelReportSection } from "../model/model-report.js";
import type { DeclaredOutcome, ModelRunResult } from "../model/run-model.js";
import { staticSection } from "../report/json.js";
import type { ReportSection } from "../report/conformance-report.js";

/** The shards' sections of one key as one section. */
export function mergeSections(sections: readonly ReportSection[]): ReportSection {
  if (sections.length === 1) return sections[0];
  if (sections.every((s) => s instanceof GraphSection)) return mergeGraph(sections as GraphSection[]);
  if (sections.every((s) => s instanceof ModelReportSection)) return new ModelReportSection(mergeModel(sections.map((s) => (s as ModelReportSection).result)));
  return mergeOther(sections);
}

/**
 * The cases of every shard (whole scenarios per shard), back in catalog order.
 * Skipped only when every shard skipped them: a shard that could not load
 * them says nothing about the cases another shard ran (and failed).
 */
function mergeGraph(sections: readonly GraphSection[]): GraphSection {
  const skipped = sections.filter((s) => s.skipped !== undefined);
  if (skipped.length === sections.length) return skipped[0];
  if (skipped.length > 0) {
    throw new ConformanceUsageError(
      `merge: a shard skipped the graph scenarios (${skipped[0].skipped}) while another ran them; run every shard where @langchain/langgraph loads`,
    );
  }
  const order = (scenario: string) => GRAPH_SCENARIO_IDS.indexOf(scenario);
  const results = sections.flatMap((s) => s.results);
  // A stable sort: a scenario's variants keep their order.
  return new GraphSection({ results: [...results].sort((a, b) => order(a.scenario) - order(b.scenario)) });
}

/**
 * Every shard drew the same sequences from the same seed and ran its own:
 * the merged run passed if all did, else it is the disagreement found first
 * (the lowest sequence number), as the unsharded run would have stopped there.
 */
function mergeModel(results: readonly ModelRunResult[]): ModelRunResult {
  const failing = results.filter((r) => r.status !== "passed").sort((a, b) => a.runs - b.runs);
  const first = failing[0] ?? results.reduce((a, b) => (b.runs > a.runs ? b : a));
  const { shard: _shard, executed: _executed, ...rest } = first;
  return {
    ...rest,
    extended: [...new Set(results.flatMap((r) => r.extended))],
    interrupted: results.some((r) => r.interrupted),
    durationMs: results.reduce((sum, r) => sum + r.durationMs, 0),
    declared: mergeDeclared(results.map((r) => r.declared)),
  };
}

function mergeDeclared(lists: readonly (readonly DeclaredOutcome[])[]): DeclaredOutcome[] {
  const merged = new Map<string, DeclaredOutcome>();
  for (const list of lists) {
    for (const d of list) {
      const seen = merged.get(d.behaviour);
      merged.set(d.behaviour, seen ? { ...seen, occurrences: seen.occurrences + d.occurrences, ...(seen.example ?? d.example ? { example: seen.example ?? d.example } : {}) } : { ...d });
    }
  }
  return [...merged.values()];
}

/** Any other section (not applicable, a cut-short run's): one if the shards agree, else every shard's lines, failing if one failed. */
function mergeOther(sections: readonly ReportSection[]): ReportSection {
  const texts = sections.map((s) => JSON.stringify([s.lines(), s.passed(), s.toJSON()]));
  if (texts.every((t) => t === texts[0])) return sections[0];
  const verdicts = sections.map((s) => s.passed());
  const passed = verdicts.includes(false) ? false : verdicts.every((v) => v === null) ? null : true;
  return staticSection({ key: sections[0].key, lines: sections.flatMap((s) => s.lines()), passed, json: sections.map((s) => s.toJSON()) });
}
