import { runCli } from "../../src/cli/run-cli.js";
import { REPO_ROOT, type CliRun } from "./run-cli-process.js";
import { isBundledFixture } from "./spawned-fixture.js";

/**
 * The environment a CLI run in the test's own process hands its supervised child: `env`, plus where that child's
 * code comes from (test/setup/spawn-dist.ts): the build when it is fresh, as for the spawned CLI, instead of the
 * sources through tsx, whose loader slows every module the child loads. Not for a JavaScript fixture (`args`' module):
 * it imports the sources (.ts), which only the sources' child, started with tsx's loader, can; a bundled one
 * (test/cli/spawned-fixture.ts) imports none.
 */
export function inProcessEnv(args: readonly string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const spawnDist = process.env.CONFORMANCE_SPAWN_DIST;
  const module = args[0] ?? "";
  if (spawnDist === undefined || (/\.[cm]?js$/.test(module) && !isBundledFixture(module))) return env;
  return { CONFORMANCE_SPAWN_DIST: spawnDist, ...env };
}

/** runCli with captured streams: argument handling without a process per case (the subprocess tests cover the process). */
export async function runInProcess(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const out = { stdout: "", stderr: "" };
  const code = await runCli(args, {
    stdout: { write: (t: string) => (out.stdout += t) },
    stderr: { write: (t: string) => (out.stderr += t) },
    env: inProcessEnv(args, env),
    cwd: REPO_ROOT,
  });
  return { code, ...out };
}
