import { execFile } from "node:child_process";
import { REPO_ROOT } from "../cli/run-cli-process.js";

/** Runs a command from the repository root; resolves with its exit code and output, whatever the code. */
export function runProcess(command: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: "1" }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? error.code : 0;
      if (typeof code !== "number") reject(error);
      else resolve({ code, stdout, stderr });
    });
  });
}
