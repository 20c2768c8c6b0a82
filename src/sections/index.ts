import { graphKind } from "../graph/kind.js";
import { behavioursKind } from "./behaviours/kind.js";
import { storeModelKind } from "../kinds/store/model/kind.js";
import { modelKind } from "../kinds/checkpointer/model/kind.js";
import type { ReportSection } from "../report/types.js";
import type { SectionKind } from "./kind.js";

/**
 * Every kind of report section, in the order they run and are shown (report,
 * matrix rows, html). A new section is one `SectionKind` and one line here.
 */
export const SECTION_KINDS = [graphKind, modelKind, storeModelKind, behavioursKind] as const;

/** The key of a section kind: `"graph" | "model" | "store_model" | "behaviours"`. @public */
export type SectionKey = (typeof SECTION_KINDS)[number]["key"];

/** The kind a report section belongs to; undefined for one it does not own (a fixed section read back from JSON, a not-applicable one). */
export function sectionKindOf(section: ReportSection): SectionKind | undefined {
  return (SECTION_KINDS as readonly SectionKind[]).find((kind) => kind.owns(section));
}

/** The section a report file's `state` describes, revived by the kind of its key; undefined for a key no kind has. */
export function reviveSection(key: string, state: unknown): ReportSection | undefined {
  return (SECTION_KINDS as readonly SectionKind[]).find((kind) => kind.key === key)?.revive(state);
}
