import type { ConformanceReport } from "../../src/index.js";

/** The failure message of one test (by name) in one capability, or undefined if it did not fail. */
export function failureOf(report: ConformanceReport, capability: string, testName: string): string | undefined {
  const test = report.results[capability as keyof typeof report.results]?.tests.find((t) => t.name === testName);
  return test?.status === "failed" ? test.failure.message : undefined;
}

/** Collects unhandled rejections while installed; `stop()` removes the listener and returns them. */
export function watchUnhandledRejections(): { stop(): unknown[] } {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on("unhandledRejection", listener);
  return {
    stop() {
      process.off("unhandledRejection", listener);
      return seen;
    },
  };
}
