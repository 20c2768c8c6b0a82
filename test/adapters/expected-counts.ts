import { isCountedFailure } from "../../src/report/conformance-report.js";
import type { RegisteredCheckpointer } from "../../src/registration.js";
import { validate } from "../../src/engine/validate.js";
import { specFor } from "../../src/kinds/checkpointer/checks/index.js";
import { ADAPTER_CAPABILITIES } from "./fixtures/savers.js";

export interface Counts {
  passed: number;
  failed: number;
  /** Spec tests that did not run: skipped ones, and every test of a capability the saver lacks. */
  notRun: number;
}

/**
 * What an adapter must report for a registration: the same verdicts as
 * validate() on the same capabilities (advisories and declared deviations pass).
 */
export async function expectedCounts(registered: RegisteredCheckpointer): Promise<Counts> {
  const report = await validate(registered, { capabilities: ADAPTER_CAPABILITIES });
  const counts: Counts = { passed: 0, failed: 0, notRun: 0 };
  for (const capability of ADAPTER_CAPABILITIES) {
    const result = report.results[capability]!;
    if (result.status === "not-implemented" || result.status === "skipped") {
      counts.notRun += specFor(capability)!.tests.length;
      continue;
    }
    for (const test of result.tests) {
      if (test.status === "skipped") counts.notRun++;
      else if (isCountedFailure(test)) counts.failed++;
      else counts.passed++;
    }
  }
  return counts;
}
