import type { SectionRunner } from "../../../run/section-runner.js";
import { ConformanceUsageError } from "../../../util/errors.js";
import { assertDeclarableBehaviours } from "./behaviours.js";
import { ModelReportSection } from "./model-report.js";
import { effectiveModelOptions } from "./options.js";
import { runModel } from "./run-model.js";
import type { RegisteredCheckpointer } from "../../../registration.js";
import { effectiveProfile, NOT_APPLICABLE_LATEST_ONLY } from "../profile.js";
import { notApplicableSection } from "../../../report/not-applicable-section.js";

/**
 * The model-based section: runs after the capability suites (alongside them
 * under `concurrency`: it is `independent`), on fresh savers from the same factory, unless the options turn it off (see effectiveModelOptions).
 */
export const modelSection: SectionRunner = {
  key: "model",
  check(options) {
    if (typeof options.model === "object") assertDeclarableBehaviours(options.model.ignore ?? []);
    if (options.shard !== undefined && typeof options.model === "object" && options.model.seed === "random") {
      throw new ConformanceUsageError(
        'the model seed "random" cannot be sharded: each shard would draw its own; give every shard the same seed (e.g. --seed 7)',
      );
    }
  },
  async run({ registered, options, timeoutMs, budget }) {
    const modelOptions = effectiveModelOptions(options);
    if (modelOptions === undefined) return undefined;
    if (effectiveProfile(registered, options) === "latest-only") {
      return notApplicableSection(
        "model",
        "MODEL (random operation sequences checked against the reference model)",
        `${NOT_APPLICABLE_LATEST_ONLY}: the reference model keeps every checkpoint, and its getTuple-by-id, list and delta-history commands compare them all`,
      );
    }
    // A checkpointer's section (src/kinds/checkpointer/index.ts): its registration is a checkpointer's.
    return new ModelReportSection(
      await runModel(registered as RegisteredCheckpointer, {
        ...modelOptions,
        timeoutMs,
        budget,
        ...(options.shard ? { shard: options.shard } : {}),
      }),
    );
  },
};
