import type { ValidateOptions } from "../run/options.js";
import type { SectionRunner } from "../run/section-runner.js";
import { effectiveModelOptions } from "../model/options.js";

/**
 * A section whose code is loaded only when its option asks for it: loading
 * them (fast-check, the graph scenarios) would slow the start-up of every run
 * that does not use them.
 */
function lazySection(
  key: string,
  optionOf: (options: ValidateOptions) => unknown,
  load: () => Promise<SectionRunner>,
): SectionRunner {
  const asked = (options: ValidateOptions) => {
    const option = optionOf(options);
    return option !== undefined && option !== false;
  };
  return {
    key,
    asked,
    async check(options) {
      if (asked(options)) await (await load()).check?.(options);
    },
    async run(ctx) {
      return asked(ctx.options) ? (await load()).run(ctx) : undefined;
    },
  };
}

/** Whether the options turn on a section (graph, model): such a run checks something even with no spec test selected. */
export function sectionsAsked(options: ValidateOptions): boolean {
  return SECTION_RUNNERS.some((section) => section.asked?.(options) === true);
}

/** The sections, in the order they run. Add one line per section. */
export const SECTION_RUNNERS: SectionRunner[] = [
  lazySection("model", effectiveModelOptions, async () => (await import("../model/section.js")).modelSection),
  lazySection("graph", (o) => o.graph, async () => (await import("../graph/section.js")).graphSectionRunner),
];
