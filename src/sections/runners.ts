import type { ValidateOptions } from "../run/options.js";
import type { SectionRunner } from "../run/section-runner.js";
import type { SubjectKindId } from "../kinds/descriptors.js";
import { SECTION_KINDS } from "./index.js";
import type { SectionKind } from "./kind.js";

/**
 * A section whose code is loaded only when its option asks for it: loading
 * them (fast-check, the graph scenarios) would slow the start-up of every run
 * that does not use them.
 */
function lazySection({ key, optionOf, load, informational, independent }: SectionKind): SectionRunner {
  const asked = (options: ValidateOptions) => {
    const option = optionOf(options);
    return option !== undefined && option !== false;
  };
  return {
    key,
    asked,
    ...(informational ? { informational } : {}),
    ...(independent ? { independent } : {}),
    async check(options) {
      if (asked(options)) await (await load()).check?.(options);
    },
    async run(ctx) {
      return asked(ctx.options) ? (await load()).run(ctx) : undefined;
    },
  };
}

/** Whether the options turn on one of the kind's checking sections (graph, model; not the behaviour profile): such a run checks something even with no spec test selected. */
export function sectionsAsked(sections: readonly SectionRunner[], options: ValidateOptions): boolean {
  return sections.some((section) => section.informational !== true && section.asked?.(options) === true);
}

/** The sections of one kind of subject, in the order they run: one per section kind that runs on it (src/sections/index.ts). */
export function sectionRunnersFor(subject: SubjectKindId): SectionRunner[] {
  return (SECTION_KINDS as readonly SectionKind[]).filter((kind) => kind.subjects.includes(subject)).map(lazySection);
}
