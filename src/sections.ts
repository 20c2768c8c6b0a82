import type { Capability } from "./capabilities.js";
import type { ProgressHooks } from "./progress.js";
import type { RegisteredCheckpointer } from "./registration.js";
import type { CapabilityResult, ReportSection } from "./report.js";
import type { ValidateOptions } from "./runner.js";
import { modelSection } from "./model/section.js";
import { graphSectionRunner } from "./graph/section.js";

/** What a report section (graph scenarios, model-based runs, ...) gets from the runner. */
export interface SectionContext {
  registered: RegisteredCheckpointer;
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
  run(ctx: SectionContext): Promise<ReportSection | undefined>;
}

/** The sections, in the order they run. Add one line per section. */
export const SECTION_RUNNERS: SectionRunner[] = [modelSection, graphSectionRunner];
