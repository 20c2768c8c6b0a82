import type { Capability } from "../../capabilities.js";
import type { ConformanceReport, TestResult } from "../../report.js";
import { messageHtml } from "./message.js";
import { esc } from "./page.js";
import { attemptsSuffix } from "../summary.js";

type FailedTest = Extract<TestResult, { status: "failed" }>;

/** One failing test, where it ran. */
export interface FailureRef {
  capability: Capability;
  test: FailedTest;
}

/**
 * Failures that share a cause, shown once: the first in full, the others by
 * name. Until failures are grouped by cause, every failure is a group of one;
 * a grouping step only has to return these.
 */
export interface FailureGroup {
  /** What the failures have in common; the first failure's clause for a group of one. */
  cause: string;
  failures: readonly FailureRef[];
}

/** Every counted failure as its own group (the flat list). */
export function failureGroups(report: ConformanceReport): FailureGroup[] {
  return report.failures().map((f) => ({ cause: f.test.failure.message.split("\n", 1)[0], failures: [f] }));
}

/** The failure groups, largest first as given, each a collapsible block; open when there are few. */
export function failureGroupsHtml(groups: readonly FailureGroup[]): string {
  if (groups.length === 0) return `<p class="pass">No failures.</p>`;
  const open = groups.length <= 10 ? " open" : "";
  return groups.map((group) => groupHtml(group, open)).join("\n");
}

function groupHtml(group: FailureGroup, open: string): string {
  const [first, ...rest] = group.failures;
  const { capability, test } = first;
  const count = group.failures.length > 1 ? ` <span class="muted">(${group.failures.length} tests)</span>` : "";
  const searchable = group.failures.map((f) => `${f.capability} ${f.test.name} ${f.test.ids.join(" ")}`).join(" ") + ` ${test.failure.message}`;
  const thrown = test.failure.thrownBySaver ? `<p class="fail">The saver threw ${esc(test.failure.errorName)}.</p>` : "";
  const others =
    rest.length > 0
      ? `<p>Also hit:</p><ul>${rest.map((f) => `<li><code>${esc(f.capability)} › ${esc(f.test.name)}</code> ${idsHtml(f.test.ids)}</li>`).join("")}</ul>`
      : "";
  return [
    `<details class="failure"${open} data-filter="${esc(searchable.toLowerCase())}">`,
    `<summary><span class="fail">✗</span> <code>${esc(capability)} › ${esc(test.name)}</code> ${idsHtml(test.ids)}${count}${esc(attemptsSuffix(test))}: ${esc(group.cause)}</summary>`,
    `<p class="muted">${esc(test.description)}</p>`,
    thrown,
    messageHtml(test.failure.message),
    others,
    `</details>`,
  ].join("\n");
}

export function idsHtml(ids: readonly string[]): string {
  return ids.length > 0 ? `<span class="muted mono">[${ids.map(esc).join(", ")}]</span>` : "";
}
