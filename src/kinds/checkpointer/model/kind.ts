import type { SectionKind, HtmlKit, MatrixSectionCell } from "../../../sections/kind.js";
import { ModelReportSection, shrunkText } from "./model-report.js";
import { effectiveModelOptions } from "./options.js";
import type { DeclaredOutcome, ModelRunResult } from "./run-model.js";

/** The model-based runs: random operation sequences checked against the reference model. */
export const modelKind: SectionKind<"model", ModelReportSection> = {
  key: "model",
  label: "model",
  optionOf: effectiveModelOptions,
  // Its sequences run on their own savers and read no capability result.
  independent: true,
  load: async () => (await import("./section.js")).modelSection,
  owns: (section): section is ModelReportSection => section instanceof ModelReportSection,
  revive: (state) => new ModelReportSection(state as ModelRunResult),
  merge: (sections) => (sections.length === 1 ? sections[0] : new ModelReportSection(mergeModel(sections.map((s) => s.result)))),
  matrixCell,
  matrixVerdicts: (section) => {
    const { status } = section.result;
    return new Map([["random sequences", status === "passed" ? "pass" : status === "failed" ? "fail" : "error"]]);
  },
  html: modelHtml,
};

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
      merged.set(
        d.behaviour,
        seen
          ? {
              ...seen,
              occurrences: seen.occurrences + d.occurrences,
              ...((seen.example ?? d.example) ? { example: seen.example ?? d.example } : {}),
            }
          : { ...d },
      );
    }
  }
  return [...merged.values()];
}

function matrixCell(section: ModelReportSection): MatrixSectionCell {
  const r = section.result;
  const deviationNames = r.declared.filter((d) => d.occurrences > 0).map((d) => d.behaviour);
  const deviations = deviationNames.length;
  const dev = deviations > 0 ? ` +${deviations} dev` : "";
  if (r.status === "error") return { status: "error", passed: 0, failed: 0, deviations, deviationNames, text: "error" };
  // fast-check counts the failing sequence among the runs.
  if (r.status === "failed")
    return {
      status: "failed",
      passed: Math.max(r.runs - 1, 0),
      failed: 1,
      deviations,
      deviationNames,
      text: `✗ ${r.failure?.operation ?? "disagrees"}${dev}`,
    };
  return { status: "passed", passed: r.runs, failed: 0, deviations, deviationNames, text: `✓ ${r.runs} seq${dev}` };
}

/** The model's verdict, its declared behaviours and the minimal reproduction. */
function modelHtml(section: ModelReportSection, { esc, message }: HtmlKit): string {
  const r = section.result;
  const title = '<h2 id="model">Model <span class="muted">(random operation sequences checked against the reference model)</span></h2>';
  const status =
    r.status === "passed"
      ? `<p class="pass">${r.runs} sequences, no disagreement (seed ${r.seed}).</p>`
      : r.status === "error"
        ? `<p class="fail">Could not run: ${esc(r.error ?? "")}</p>`
        : "";
  const declared = r.declared.map(
    (d) =>
      `<li class="warn">declared ${esc(d.behaviour)} [${esc(d.ids.join(", "))}]: ${d.occurrences > 0 ? `occurred ${d.occurrences}×` : "did not occur"}; ${esc(d.reason)}</li>`,
  );
  const f = r.failure;
  const failure = f
    ? [
        `<details class="failure" open data-filter="${esc(`model ${f.operation} ${f.ids.join(" ")} ${f.lines.join(" ")}`.toLowerCase())}">`,
        `<summary><span class="fail">✗</span> <code>${esc(f.operation)}</code> disagrees with the model after ${r.runs} sequence(s) <span class="muted mono">[${esc(f.id)}]</span>${f.observedBy ? ` (seen in the answer of <code>${esc(f.observedBy)}</code>)` : ""}</summary>`,
        message([...f.lines, ...f.cause].join("\n")),
        `<p>Minimal reproduction (${esc(shrunkText(f))}):</p><pre><code>${esc(f.reproduction)}</code></pre>`,
        `<p>Replay: <code>validate(registered, { model: { seed: ${f.seed}, path: ${esc(JSON.stringify(f.path))} } })</code></p>`,
        `</details>`,
      ].join("\n")
    : "";
  return `${title}${status}${declared.length > 0 ? `<ul>${declared.join("")}</ul>` : ""}${failure}`;
}
