import type { ConformanceReport } from "../../src/index.js";

/**
 * The failure message of one test (by name) in one capability, or undefined if
 * it did not fail; without the user stack frames listed under a saver's error
 * (test/engine/user-frames.test.ts checks those).
 */
export function failureOf(report: ConformanceReport, capability: string, testName: string): string | undefined {
  const test = report.results[capability as keyof typeof report.results]?.tests.find((t) => t.name === testName);
  return test?.status === "failed" ? test.failure.message.replace(/\n {4}at [^\n]*/g, "") : undefined;
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
