import type { SectionRunner } from "../engine/sections.js";
import { assertDeclarableBehaviours } from "./behaviours.js";
import { ModelReportSection } from "./model-report.js";
import { runModel } from "./run-model.js";
import { effectiveProfile, NOT_APPLICABLE_LATEST_ONLY } from "../profile/profile.js";
import { notApplicableSection } from "../profile/not-applicable-section.js";

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
    if (effectiveProfile(registered, options) === "latest-only") {
      return notApplicableSection(
        "model",
        "MODEL (random operation sequences checked against the reference model)",
        `${NOT_APPLICABLE_LATEST_ONLY}: the reference model keeps every checkpoint, and its getTuple-by-id, list and delta-history commands compare them all`,
      );
    }
    const modelOptions = options.model === true ? {} : options.model;
    return new ModelReportSection(await runModel(registered, { ...modelOptions, timeoutMs }));
  },
};
