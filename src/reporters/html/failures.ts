import type { FailureCause } from "../../diagnosis/causes/group.js";
import { thrownErrorText, type ThrownError } from "../../runtime/thrown-error.js";
import { causesHeadline, shownLabel } from "../../report/causes-text.js";
import { messageHtml } from "./message.js";
import { esc } from "./page.js";

/** The causes, most failures first, each a collapsible block (the first failure in full, the others by name); open when there are few. */
export function failureGroupsHtml(causes: readonly FailureCause[]): string {
  if (causes.length === 0) return `<p class="pass">No failures.</p>`;
  const open = causes.length <= 10 ? " open" : "";
  return [`<p>${esc(causesHeadline(causes).replace(/:$/, "."))}</p>`, ...causes.map((cause, i) => groupHtml(cause, i + 1, open))].join(
    "\n",
  );
}

function groupHtml(cause: FailureCause, number: number, open: string): string {
  const [first, ...rest] = cause.failures;
  const count = `<span class="muted">(${cause.failures.length} test${cause.failures.length === 1 ? "" : "s"})</span>`;
  const searchable = `${cause.failures.map((f) => `${f.label} ${f.ids.join(" ")}`).join(" ")} ${cause.causeId} ${first.message}`;
  const others =
    rest.length > 0
      ? `<p>Also hit:</p><ul>${rest.map((f) => `<li><code>${esc(shownLabel(f))}</code> ${idsHtml(f.ids)}</li>`).join("")}</ul>`
      : "";
  return [
    `<details class="failure"${open} id="cause-${cause.causeId}" data-filter="${esc(searchable.toLowerCase())}">`,
    `<summary><span class="fail">✗</span> ${number}) ${esc(cause.title)} ${count} <span class="muted mono">cause ${cause.causeId}</span></summary>`,
    `<p><code>${esc(shownLabel(first))}</code> ${idsHtml(first.ids)} <span class="muted">${esc(first.description)}</span></p>`,
    thrownHtml(first),
    messageBesideThrown(first),
    others,
    `</details>`,
  ].join("\n");
}

/**
 * The message under the styled error line, without the error's text when the
 * message starts with it (a graph case's text, a spec failure where a method
 * threw): the error is shown once.
 */
function messageBesideThrown(item: { message: string; error?: ThrownError }): string {
  const thrown = item.error ? thrownErrorText(item.error) : undefined;
  if (thrown === undefined || !(item.message === thrown || item.message.startsWith(`${thrown}\n`))) return messageHtml(item.message);
  const rest = item.message.slice(thrown.length + 1);
  return rest === "" ? "" : messageHtml(rest);
}

/** The saver's own error and where in its code it was thrown. */
export function thrownHtml(item: { error?: ThrownError }): string {
  const e = item.error;
  if (!e) return "";
  const where = e.method ? ` in ${esc(e.method)}` : "";
  const [first, ...more] = e.message.split("\n");
  // The message's further lines, then the frames: the whole error, as the plain-text outputs show it.
  const below = [...more, ...e.frames];
  return `<p class="fail">The saver threw ${esc(e.name)}${where}: ${esc(first)}</p>${below.length > 0 ? `<pre>${below.map(esc).join("\n")}</pre>` : ""}`;
}

export function idsHtml(ids: readonly string[]): string {
  return ids.length > 0 ? `<span class="muted mono">[${ids.map(esc).join(", ")}]</span>` : "";
}
