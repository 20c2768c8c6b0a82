import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const FIXTURES = "test/cli/fixtures";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Where a spawned CLI's code comes from: the sources through tsx (a clean clone needs no build), or the build. */
export type CliCode = "sources" | "dist";

/**
 * The build when the test setup found dist/ fresh (test/setup/spawn-dist.ts:
 * `npm test` builds first), else the sources. Either way the same CLI.
 */
export const SPAWNED_CLI: CliCode = process.env.CONFORMANCE_SPAWN_DIST === "1" ? "dist" : "sources";

/** node's arguments that start the CLI (before the CLI's own), from the repository root. */
export function cliNodeArgs(code: CliCode = SPAWNED_CLI): string[] {
  return code === "dist" ? ["dist/cli/main.js"] : ["--import", "tsx", "src/cli/main.ts"];
}

/**
 * Runs the CLI as a user would, in its own process (`code`: from the sources or
 * the build, see SPAWNED_CLI; its supervised child too). stdout and stderr are
 * pipes, not a TTY.
 */
export function runCliProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}, code: CliCode = SPAWNED_CLI): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...cliNodeArgs(code), ...args],
      { cwd: REPO_ROOT, env: { ...process.env, CONFORMANCE_SPAWN_DIST: code === "dist" ? "1" : "0", ...env }, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const exit = error ? (typeof error.code === "number" ? error.code : undefined) : 0;
        if (exit === undefined) reject(error);
        else resolve({ code: exit, stdout, stderr });
      },
    );
  });
}
