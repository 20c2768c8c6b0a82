import type { BaseStore } from "@langchain/langgraph-checkpoint";
import type { ModelOptions } from "../../checkpointer/model/options.js";
import { effectiveModelOptions } from "../../checkpointer/model/options.js";
import type { SectionRunner } from "../../../run/section-runner.js";
import { ALONE, openSubject } from "../../../runtime/lease.js";
import { errorText } from "../../../util/describe-value.js";
import { ConformanceUsageError } from "../../../util/errors.js";
import { StoreModelReportSection } from "./report-section.js";
import { runStoreModel, type StoreFactory } from "./run-store-model.js";

/** Model options a store's run cannot use, and why. */
function unsupported(model: ModelOptions): string | undefined {
  if (model.path !== undefined) return "the store model has no replay path: its seed and runs replay it (--model N --seed S)";
  if (model.ignore !== undefined && model.ignore.length > 0) {
    return 'model.ignore names checkpointer behaviours; a store declares its model behaviours with knownDeviations: [{ tests: ["<behaviour or spec test>"], reason }]';
  }
  return undefined;
}

/**
 * The store model section: runStoreModel on fresh stores from the
 * registration's factory, after the capability suites, by default on whole
 * runs (the same `model` option as a checkpointer's: runs, seed, maxCommands).
 * Sharded, it runs in shard 1 only (its sequences are not split).
 */
export const storeModelSection: SectionRunner = {
  key: "store_model",
  check(options) {
    const model = effectiveModelOptions(options);
    const why = model && unsupported(model);
    if (why) throw new ConformanceUsageError(`validate: ${why}`);
  },
  async run({ registered, options, timeoutMs }) {
    const model = effectiveModelOptions(options);
    if (model === undefined || (options.shard !== undefined && options.shard.index !== 1)) return undefined;
    let cleanupFailure: unknown;
    const createStore: StoreFactory = async () => {
      const lease = await openSubject<BaseStore>(registered, { timeoutMs, creating: "in the factory (creating a store)", load: ALONE });
      return { store: lease.subject, release: () => lease.release().catch((error: unknown) => void (cleanupFailure ??= error)) };
    };
    const result = await runStoreModel(createStore, {
      ...(model.runs !== undefined ? { sequences: model.runs } : {}),
      ...(model.seed !== undefined ? { seed: model.seed } : {}),
      ...(model.maxCommands !== undefined ? { maxCalls: model.maxCommands } : {}),
      timeoutMs,
      knownDeviations: registered.knownDeviations,
    });
    // A store's cleanup that failed is an error of the run (never dropped), as for the checkpointer's model.
    if (cleanupFailure !== undefined && result.status === "passed") {
      return new StoreModelReportSection({
        ...result,
        status: "error",
        error: `the factory's cleanup (the code after yield) failed: ${errorText(cleanupFailure)}`,
      });
    }
    return new StoreModelReportSection(result);
  },
};
