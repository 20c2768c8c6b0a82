import { staticSection } from "../report/json.js";
import type { ReportSection } from "../report/types.js";
import { sectionKindOf } from "../sections/index.js";

/** The shards' sections of one key as one section: merged by their kind (src/sections/), else as fixed sections. */
export function mergeSections(sections: readonly ReportSection[]): ReportSection {
  if (sections.length === 1) return sections[0];
  const kind = sectionKindOf(sections[0]);
  if (kind !== undefined && sections.every((s) => kind.owns(s))) return kind.merge(sections);
  return mergeOther(sections);
}

/** Any other section (not applicable, a cut-short run's): one if the shards agree, else every shard's lines, failing if one failed. */
function mergeOther(sections: readonly ReportSection[]): ReportSection {
  const texts = sections.map((s) => JSON.stringify([s.lines(), s.passed(), s.toJSON()]));
  if (texts.every((t) => t === texts[0])) return sections[0];
  const verdicts = sections.map((s) => s.passed());
  const passed = verdicts.includes(false) ? false : verdicts.every((v) => v === null) ? null : true;
  return staticSection({ key: sections[0].key, lines: sections.flatMap((s) => s.lines()), passed, json: sections.map((s) => s.toJSON()) });
}
