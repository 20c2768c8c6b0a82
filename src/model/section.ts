import type { SectionRunner } from "../engine/sections.js";
import { assertDeclarableBehaviours } from "./behaviours.js";
import { ModelReportSection } from "./model-report.js";
import { runModel } from "./run-model.js";

/**
 * The model-based section: runs when `validate(registered, { model: true | { runs, seed, ... } })`
 * asks for it, after the capability suites, on fresh savers from the same factory.
 */
export const modelSection: SectionRunner = {
  key: "model",
  check(options) {
    if (typeof options.model === "object") assertDeclarableBehaviours(options.model.ignore ?? []);
  },
  async run({ registered, options, timeoutMs }) {
    if (options.model === undefined || options.model === false) return undefined;
    const modelOptions = options.model === true ? {} : options.model;
    return new ModelReportSection(await runModel(registered, { ...modelOptions, timeoutMs }));
  },
};
