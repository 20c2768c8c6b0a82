import type { ValidateOptions } from "../run/options.js";
import type { SectionRunner } from "../run/section-runner.js";
import { SECTION_KINDS, type SectionKey } from "./index.js";
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

/** A subject kind's sections, named by their keys, in the order sections run (SECTION_KINDS, src/sections/index.ts). */
export function sectionRunnersFor(keys: readonly SectionKey[]): SectionRunner[] {
  return (SECTION_KINDS as readonly SectionKind[]).filter((kind) => (keys as readonly string[]).includes(kind.key)).map(lazySection);
}
