import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runProcess } from "./run-process.js";

/** One test in the JSON report jest writes with `--json` (vitest's json reporter writes the same shape). */
export interface JsonTestResult {
  fullName: string;
  status: string;
  failureMessages: string[];
}

interface JsonReport {
  testResults: { name: string; assertionResults: JsonTestResult[] }[];
}

/**
 * Runs a test runner's script with node, its JSON report going to a fresh
 * temporary file (`args` gets that file's path). `testsOf` reads the report
 * only when asked, so the exit code can be checked first.
 */
export async function runWithJsonReport(args: (outputFile: string) => string[]) {
  const outputFile = join(mkdtempSync(join(tmpdir(), "adapter-report-")), "result.json");
  const run = await runProcess(process.execPath, args(outputFile));
  const testsOf = (fileName: string): JsonTestResult[] => {
    const report = JSON.parse(readFileSync(outputFile, "utf8")) as JsonReport;
    return report.testResults.find((f) => f.name.endsWith(fileName))!.assertionResults;
  };
  return { run, testsOf };
}

export function countStatus(tests: readonly JsonTestResult[], status: string): number {
  return tests.filter((t) => t.status === status).length;
}
