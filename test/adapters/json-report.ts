import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runProcess } from "./run-process.js";
import { makeTempDir } from "../temp-dir.js";

/** One test in the JSON report jest writes with `--json` (vitest's json reporter writes the same shape). */
export interface JsonTestResult {
  fullName: string;
  status: string;
  failureMessages: string[];
}

/** One test file in that report: `status` is "failed" also when only a hook failed or the file did not load. */
export interface JsonFileResult {
  name: string;
  status: string;
  message: string;
  assertionResults: JsonTestResult[];
}

interface JsonReport {
  testResults: JsonFileResult[];
}

/**
 * Runs a test runner's script with node, its JSON report going to a fresh
 * temporary file (removed after the test file) (`args` gets that file's path). `testsOf` reads the report
 * only when asked, so the exit code can be checked first.
 */
export async function runWithJsonReport(args: (outputFile: string) => string[], env: NodeJS.ProcessEnv = {}) {
  const outputFile = join(makeTempDir("adapter-report-"), "result.json");
  const run = await runProcess(process.execPath, args(outputFile), { env });
  const fileOf = (fileName: string): JsonFileResult => {
    const report = JSON.parse(readFileSync(outputFile, "utf8")) as JsonReport;
    return report.testResults.find((f) => f.name.endsWith(`/${fileName}`))!;
  };
  const testsOf = (fileName: string): JsonTestResult[] => fileOf(fileName).assertionResults;
  return { run, fileOf, testsOf };
}

export function countStatus(tests: readonly JsonTestResult[], status: string): number {
  return tests.filter((t) => t.status === status).length;
}
