import { CAPABILITIES, type Capability } from "../capabilities.js";
import type { RegisteredCheckpointer } from "../registration.js";
import { toMatcher } from "../runner.js";
import { specFor } from "../spec/index.js";
import type { PlannedTest, RunRequest } from "./protocol.js";

/** The spec tests the run will try, per capability, in order: what a cut-short run reports as not run. */
export function plannedTests(registered: RegisteredCheckpointer, options: RunRequest["options"]): { capability: Capability; tests: PlannedTest[] }[] {
  const grep = toMatcher(options.grep);
  return CAPABILITIES.filter(({ id }) => (options.capabilities ?? [id]).includes(id) && !registered.skipCapabilities.has(id)).map(({ id }) => ({
    capability: id,
    tests: (specFor(id)?.tests ?? [])
      .filter((test) => !grep || grep(test))
      .map((test) => ({ name: test.name, ids: test.ids, description: test.description, advisory: test.advisory ?? false })),
  }));
}
