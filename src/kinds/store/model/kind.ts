import type { SectionKind, HtmlKit, MatrixSectionCell } from "../../../sections/kind.js";
import { effectiveModelOptions } from "../../checkpointer/model/options.js";
import { occurredCount, STORE_MODEL_TITLE, StoreModelReportSection } from "./report-section.js";
import type { StoreModelResult } from "./run-store-model.js";

/** A store's model-based runs: random call sequences checked against the reference model of the store contract. */
export const storeModelKind: SectionKind<"store_model", StoreModelReportSection> = {
  key: "store_model",
  label: "store model",
  optionOf: effectiveModelOptions,
  load: async () => (await import("./section.js")).storeModelSection,
  owns: (section): section is StoreModelReportSection => section instanceof StoreModelReportSection,
  revive: (state) => new StoreModelReportSection(state as StoreModelResult),
  // Only shard 1 runs it: one section.
  merge: (sections) => sections[0],
  matrixCell,
  matrixVerdicts: (section) => {
    const { status } = section.result;
    return new Map([["random store sequences", status === "passed" ? "pass" : status === "failed" ? "fail" : "error"]]);
  },
  html: storeModelHtml,
};

function matrixCell(section: StoreModelReportSection): MatrixSectionCell {
  const r = section.result;
  const deviationNames = r.declared.filter((d) => d.occurrences > 0).map((d) => d.behaviour);
  const deviations = occurredCount(r);
  const dev = deviations > 0 ? ` +${deviations} dev` : "";
  if (r.status === "error") return { status: "error", passed: 0, failed: 0, deviations, deviationNames, text: "error" };
  if (r.status === "failed")
    return {
      status: "failed",
      passed: Math.max(r.sequences - 1, 0),
      failed: 1,
      deviations,
      deviationNames,
      text: `✗ ${r.failure?.operation ?? "disagrees"}${dev}`,
    };
  return { status: "passed", passed: r.sequences, failed: 0, deviations, deviationNames, text: `✓ ${r.sequences} seq${dev}` };
}

function storeModelHtml(section: StoreModelReportSection, { esc, message }: HtmlKit): string {
  const r = section.result;
  const title = `<h2 id="store-model">Store model <span class="muted">(${esc(STORE_MODEL_TITLE.replace(/^STORE MODEL \((.*)\)$/, "$1"))})</span></h2>`;
  const status =
    r.status === "passed"
      ? `<p class="pass">${r.sequences} sequences, no disagreement (seed ${r.seed}).</p>`
      : r.status === "error"
        ? `<p class="fail">Could not run: ${esc(r.error ?? "")}</p>`
        : "";
  const declared = r.declared.map(
    (d) =>
      `<li class="warn">declared ${esc(d.behaviour)}: ${d.occurrences > 0 ? `occurred ${d.occurrences}×` : "did not occur"}; ${esc(d.reason)}${d.example ? ` <span class="muted">e.g. ${esc(d.example)}</span>` : ""}</li>`,
  );
  const f = r.failure;
  const failure = f
    ? [
        `<details class="failure" open data-filter="${esc(`store model ${f.operation} ${f.ids.join(" ")} ${f.lines.join(" ")}`.toLowerCase())}">`,
        `<summary><span class="fail">✗</span> <code>${esc(f.operation)}</code> disagrees with the model after ${r.sequences} sequence(s) <span class="muted mono">[${esc(f.id)}]</span></summary>`,
        message(f.lines.join("\n")),
        `<p>Minimal reproduction (${f.calls} call${f.calls === 1 ? "" : "s"}):</p><pre><code>${esc(f.reproduction)}</code></pre>`,
        `<p>Replay: <code>validate(registered, { model: { seed: ${r.seed}, runs: ${r.requestedSequences} } })</code></p>`,
        `</details>`,
      ].join("\n")
    : "";
  return `${title}${status}${declared.length > 0 ? `<ul>${declared.join("")}</ul>` : ""}${failure}`;
}
