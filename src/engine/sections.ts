import type { AnyCapability as Capability } from "../kinds/descriptors.js";
import type { ProgressHooks } from "./progress.js";
import type { AnyRegistration } from "../registration.js";
import type { CapabilityResult, ReportSection } from "../report.js";
import type { ValidateOptions } from "./options.js";
import { effectiveModelOptions } from "../model/options.js";

/** What a report section (graph scenarios, model-based runs, ...) gets from the runner. */
export interface SectionContext {
  /** Of the kind whose sections these are (src/kinds/: a kind lists its own sections). */
  registered: AnyRegistration;
  options: ValidateOptions;
  /** The capability results so far (a section may skip itself when base capabilities failed). */
  results: Partial<Record<Capability, CapabilityResult>>;
  timeoutMs: number;
  progress: ProgressHooks;
}

/**
 * A part of the run after the capability suites. Each one decides from its
 * option whether it runs, and returns the section it adds to the report.
 */
export interface SectionRunner {
  key: string;
  /** Whether the options turn this section on. */
  asked?(options: ValidateOptions): boolean;
  /** Checks the section's option before anything runs; throws `ConformanceUsageError` on misuse. */
  check?(options: ValidateOptions): Promise<void> | void;
  run(ctx: SectionContext): Promise<ReportSection | undefined>;
}

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

/** Whether the options turn on one of the kind's sections (graph, model): such a run checks something even with no spec test selected. */
export function sectionsAsked(sections: readonly SectionRunner[], options: ValidateOptions): boolean {
  return sections.some((section) => section.asked?.(options) === true);
}

/** A checkpointer's sections, in the order they run (src/kinds/checkpointer.ts lists them for its kind). Add one line per section. */
export const SECTION_RUNNERS: SectionRunner[] = [
  lazySection("model", effectiveModelOptions, async () => (await import("../model/section.js")).modelSection),
  lazySection("graph", (o) => o.graph, async () => (await import("../graph/section.js")).graphSectionRunner),
];
