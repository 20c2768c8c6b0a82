import { validate, type CapabilityId, type ConformanceReport } from "../../src/index.js";
import type { AnyRegistration } from "../../src/registration.js";
import { kindOf } from "../../src/kinds/index.js";
import { BehaviourSection } from "../../src/sections/behaviours/report-section.js";

/** One spec test's outcome, flattened for assertions. */
export interface KindTestResult {
  /** `capability/test_name`. */
  key: string;
  name: string;
  capability: string;
  ids: readonly string[];
  advisory: boolean;
  status: "passed" | "failed" | "skipped";
  /** The failure's message, or why it was skipped. */
  message?: string;
}

export interface KindRun {
  report: ConformanceReport;
  /** Every spec test of the capabilities run (those `only` names, when given), in catalog order; a capability that did not run lists its tests as skipped with its reason. */
  results: KindTestResult[];
  /** The behaviour profile: question id → answer. */
  profile: Record<string, string>;
}

/**
 * A store or cache registration through validate(), the engine every entry
 * point uses (no retries, no model: the spec and the behaviour profile only).
 */
export async function runKind(registered: AnyRegistration, only?: readonly CapabilityId[]): Promise<KindRun> {
  const report = await validate(registered, { model: false, retries: 0, ...(only ? { capabilities: only } : {}) });
  const kind = kindOf(registered);
  const results: KindTestResult[] = [];
  for (const [capability, spec] of Object.entries(
    kind.specs as Record<string, { tests: readonly { name: string; ids: readonly string[]; advisory?: boolean }[] } | undefined>,
  )) {
    const result = report.results[capability as CapabilityId];
    if (!spec || !result || (only && !only.includes(capability as CapabilityId))) continue;
    const reason = "reason" in result && typeof result.reason === "string" ? result.reason : result.status;
    for (const test of spec.tests) {
      const base = { key: `${capability}/${test.name}`, name: test.name, capability, ids: test.ids, advisory: test.advisory ?? false };
      const ran = result.tests.find((t) => t.name === test.name);
      if (!ran) results.push({ ...base, status: "skipped", message: reason });
      else if (ran.status === "failed") results.push({ ...base, status: "failed", message: ran.failure.message });
      else if (ran.status === "skipped") results.push({ ...base, status: "skipped", message: ran.reason });
      else results.push({ ...base, status: "passed" });
    }
  }
  const section = report.sections.find((s): s is BehaviourSection => s instanceof BehaviourSection);
  const profile = Object.fromEntries((section?.profile.answers ?? []).map((a) => [a.id, a.answer]));
  return { report, results, profile };
}

/** `capability/test_name` of the tests with this status. */
export function keysWith(results: readonly KindTestResult[], status: KindTestResult["status"]): string[] {
  return results.filter((r) => r.status === status).map((r) => r.key);
}

/** Names of the required (non-advisory) tests that failed. */
export function requiredFailures(results: readonly KindTestResult[]): string[] {
  return results
    .filter((r) => r.status === "failed" && !r.advisory)
    .map((r) => r.name)
    .sort();
}

/** The names of the tests a list of declared deviations covers (by name or by catalog id). */
export function deviatingTests(
  results: readonly KindTestResult[],
  deviations: readonly { tests?: readonly string[]; ids?: readonly string[] }[],
): string[] {
  return results
    .filter((r) => deviations.some((d) => d.tests?.includes(r.name) || d.ids?.some((id) => r.ids.includes(id))))
    .map((r) => r.name)
    .sort();
}
