import type { ReportSection } from "../../report/types.js";
import { sectionKindOf } from "../../sections/index.js";
import type { HtmlKit } from "../../sections/kind.js";
import { thrownHtml } from "./failures.js";
import { messageHtml, sideBySide } from "./message.js";
import { esc } from "./page.js";

const KIT: HtmlKit = { esc, message: messageHtml, sideBySide, thrown: thrownHtml };

/** A report section: its kind's html (graph cases side by side, the model's reproduction), or the section's own lines. */
export function sectionHtml(section: ReportSection): string {
  const kind = sectionKindOf(section);
  if (kind !== undefined) return kind.html(section, KIT);
  return `<h2>${esc(section.key)}</h2><pre>${esc(section.lines().join("\n"))}</pre>`;
}
