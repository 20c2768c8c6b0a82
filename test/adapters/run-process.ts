import { execFile } from "node:child_process";
import { REPO_ROOT } from "../cli/run-cli-process.js";

export interface ProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command (from the repository root unless `cwd` is given); resolves with its exit code and output, whatever the code.
 * `hangAfterMs`: a process still running then is killed and the call rejects (a bound for runs that could hang, not a speed check).
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; hangAfterMs?: number } = {},
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NO_COLOR: "1", ...options.env };
    const limits = options.hangAfterMs === undefined ? {} : { timeout: options.hangAfterMs, killSignal: "SIGKILL" as const };
    execFile(command, args, { cwd: options.cwd ?? REPO_ROOT, env, maxBuffer: 64 * 1024 * 1024, ...limits }, (error, stdout, stderr) => {
      const code = error ? error.code : 0;
      if (error?.killed)
        reject(new Error(`${[command, ...args].join(" ")} never ended: killed after ${options.hangAfterMs} ms\n${stdout}\n${stderr}`));
      else if (typeof code !== "number") reject(error);
      else resolve({ code, stdout, stderr });
    });
  });
}
