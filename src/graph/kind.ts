import { formatValue } from "../format.js";
import type { SectionKind, HtmlKit, MatrixSectionCell, TestVerdict } from "../sections/kind.js";
import { ConformanceUsageError } from "../util/errors.js";
import { GraphSection } from "./report-section.js";
import { graphFailureText, isCountedGraphFailure, type GraphCaseResult } from "./result.js";
import { GRAPH_SCENARIO_IDS } from "./scenario-ids.js";

/** The graph scenarios: each one run on the saver and on MemorySaver, the transcripts compared. */
export const graphKind: SectionKind<"graph", GraphSection> = {
  key: "graph",
  label: "graph scenarios",
  optionOf: (options) => options.graph,
  load: async () => (await import("./section.js")).graphSectionRunner,
  owns: (section): section is GraphSection => section instanceof GraphSection,
  revive: (state) => new GraphSection(state as { results: readonly GraphCaseResult[]; skipped?: string }),
  merge: mergeGraph,
  matrixCell,
  matrixVerdicts: (section) => new Map(section.results.map((r) => [r.id, caseVerdict(r)])),
  html: graphHtml,
};

/**
 * The cases of every shard (whole scenarios per shard), back in catalog order.
 * Skipped only when every shard skipped them: a shard that could not load
 * them says nothing about the cases another shard ran (and failed).
 */
function mergeGraph(sections: readonly GraphSection[]): GraphSection {
  if (sections.length === 1) return sections[0];
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

function matrixCell(section: GraphSection): MatrixSectionCell {
  if (section.skipped !== undefined)
    return { status: "skipped", passed: 0, failed: 0, deviations: 0, reason: section.skipped, text: "skipped" };
  const n = section.counts();
  const dev = n.deviations > 0 ? ` +${n.deviations} dev` : "";
  const notApplicable = n.notApplicable > 0 ? ` ${n.notApplicable} n/a` : "";
  const text = n.failed === 0 ? `✓ ${n.passed}` : `✗ ${n.passed}/${n.passed + n.failed}`;
  const deviationNames = section.results.filter((r) => caseVerdict(r) === "deviation").map((r) => r.id);
  return {
    status: n.failed === 0 ? "passed" : "failed",
    passed: n.passed,
    failed: n.failed,
    deviations: n.deviations,
    deviationNames,
    text: `${text}${dev}${notApplicable}`,
  };
}

function caseVerdict(result: GraphCaseResult): TestVerdict {
  if (result.status === "not-applicable") return "not-applicable";
  if (result.status === "passed") return "pass";
  return isCountedGraphFailure(result) ? "fail" : "deviation";
}

/** Graph cases with their divergence side by side. */
function graphHtml(section: GraphSection, kit: HtmlKit): string {
  const { esc } = kit;
  const title =
    '<h2 id="graph">Graph scenarios <span class="muted">(each run on this saver and on MemorySaver; transcripts compared)</span></h2>';
  if (section.skipped !== undefined) return `${title}<p class="muted">Skipped: ${esc(section.skipped)}</p>`;
  const n = section.counts();
  const summary = `<p>${n.passed} passed, <span class="${n.failed > 0 ? "fail" : ""}">${n.failed} failed</span>, ${n.deviations} known deviations, ${n.notApplicable} not applicable (${section.results.length} cases)</p>`;
  const failed = section.results
    .filter((r) => r.status === "failed")
    .map((r) => graphCaseHtml(r, kit))
    .join("\n");
  const notApplicable = section.results.filter(
    (r): r is Extract<GraphCaseResult, { status: "not-applicable" }> => r.status === "not-applicable",
  );
  const na =
    notApplicable.length > 0
      ? `<details><summary class="na">${notApplicable.length} not applicable</summary><ul>${notApplicable.map((r) => `<li><code>${esc(r.id)}</code> ${esc(r.name)}: ${esc(r.reason)}</li>`).join("")}</ul></details>`
      : "";
  return `${title}${summary}${failed}${na}`;
}

function graphCaseHtml(r: GraphCaseResult, { esc, message, sideBySide, thrown }: HtmlKit): string {
  if (r.status !== "failed") return "";
  const counted = isCountedGraphFailure(r);
  const head = `<summary><span class="${counted ? "fail" : "warn"}">${counted ? "✗" : "⚑"}</span> <code>${esc(r.id)}</code> ${esc(r.name)}${r.deviation ? ` <span class="warn">(known deviation: ${esc(r.deviation)})</span>` : ""}</summary>`;
  const d = r.divergence;
  const body = d
    ? [
        `<p>First difference at step ${d.step} <code>${esc(d.label)}</code>, field <code>${esc(d.path)}</code>:</p>`,
        sideBySide(
          "MemorySaver (reference)",
          d.expected === undefined ? "nothing (the key is absent)" : formatValue(d.expected),
          "this saver",
          d.actual === undefined ? "nothing (the key is missing)" : formatValue(d.actual),
        ),
        thrown(r),
        // The rest of the message: the probe-confirmed cause (or the transcript diff), the legend.
        message(r.message.split("\n").slice(3).join("\n")),
      ].join("\n")
    : `${thrown(r)}${message(r.message)}`;
  return `<details class="${counted ? "failure" : "deviation"}" open data-filter="${esc(`graph ${r.id} ${r.name} ${graphFailureText(r)}`.toLowerCase())}">${head}${body}</details>`;
}
