import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const FIXTURES = "test/cli/fixtures";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI as a user would, in its own process, from the sources (through
 * tsx, so a clean clone needs no build). stdout and stderr are pipes, not a TTY.
 */
export function runCliProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "src/cli/main.ts", ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env }, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : undefined) : 0;
        if (code === undefined) reject(error);
        else resolve({ code, stdout, stderr });
      },
    );
  });
}
