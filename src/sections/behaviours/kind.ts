import type { HtmlKit, MatrixSectionCell, SectionKind } from "../kind.js";
import { BEHAVIOURS_TITLE, BehaviourSection, type BehaviourSectionState } from "./report-section.js";

/** A store's or cache's behaviour profile: answers compared across backends, never a verdict. */
export const behavioursKind: SectionKind<"behaviours", BehaviourSection> = {
  key: "behaviours",
  label: "behaviour profile",
  optionOf: (options) => options.behaviours ?? true,
  informational: true,
  load: async () => (await import("./runner.js")).behavioursRunner,
  owns: (section): section is BehaviourSection => section instanceof BehaviourSection,
  revive: (state) => new BehaviourSection(state as BehaviourSectionState),
  // Only shard 1 asks: one section.
  merge: (sections) => sections[0],
  matrixCell,
  matrixVerdicts: () => new Map(),
  matrixFacts: (section) => new Map(section.profile.answers.map((a) => [a.id, { question: a.question, answer: a.answer }])),
  html: behavioursHtml,
};

function matrixCell(section: BehaviourSection): MatrixSectionCell {
  const { answers, error } = section.profile;
  if (error !== undefined) return { status: "error", passed: 0, failed: 0, deviations: 0, text: "not taken" };
  return { status: "passed", passed: answers.length, failed: 0, deviations: 0, text: `${answers.length} answers` };
}

function behavioursHtml(section: BehaviourSection, { esc }: HtmlKit): string {
  const { answers, error, cleanupError } = section.profile;
  const title = `<h2 id="behaviours">Behaviour profile <span class="muted">(${esc(BEHAVIOURS_TITLE.replace(/^BEHAVIOUR PROFILE \((.*)\)$/, "$1"))})</span></h2>`;
  const problems = [error, cleanupError].filter((t): t is string => t !== undefined).map((t) => `<p class="warn">${esc(t)}</p>`);
  const rows = answers.map(
    (a) =>
      `<tr${a.failed ? ' class="warn"' : ""}><td class="mono">${esc(a.id)}</td><td>${esc(a.question)}</td><td>${esc(a.answer)}</td></tr>`,
  );
  const table =
    rows.length > 0
      ? `<table><thead><tr><th>id</th><th>question</th><th>answer</th></tr></thead><tbody>${rows.join("")}</tbody></table>`
      : "";
  return `${title}${problems.join("")}${table}`;
}
