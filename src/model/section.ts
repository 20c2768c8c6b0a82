import type { SectionRunner } from "../sections.js";
import { assertDeclarableBehaviours } from "./behaviours.js";
import { ModelReportSection } from "./model-report.js";
import { effectiveModelOptions } from "./options.js";
import { runModel } from "./run-model.js";

/**
 * The model-based section: runs after the capability suites, on fresh savers
 * from the same factory, unless the options turn it off (see effectiveModelOptions).
 */
export const modelSection: SectionRunner = {
  key: "model",
  check(options) {
    if (typeof options.model === "object") assertDeclarableBehaviours(options.model.ignore ?? []);
  },
  async run({ registered, options, timeoutMs }) {
    const modelOptions = effectiveModelOptions(options);
    if (modelOptions === undefined) return undefined;
    return new ModelReportSection(await runModel(registered, { ...modelOptions, timeoutMs }));
  },
};
