import { runCli } from "../../src/cli/run-cli.js";
import { REPO_ROOT, type CliRun } from "./run-cli-process.js";

/** runCli with captured streams: argument handling without a process per case (the subprocess tests cover the process). */
export async function runInProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const out = { stdout: "", stderr: "" };
  const code = await runCli(args, {
    stdout: { write: (t: string) => (out.stdout += t) },
    stderr: { write: (t: string) => (out.stderr += t) },
    env,
    cwd: REPO_ROOT,
  });
  return { code, ...out };
}
