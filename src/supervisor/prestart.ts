import type { ChildProcess } from "node:child_process";
import { startChild } from "./child-process.js";

/** Options after which the CLI does not check one saver (so it needs no child). */
const NOT_A_CHECK = ["--help", "-h", "--version", "--list", "--bench", "--bench-sizes", "--backends"];

let prestarted: { child: ChildProcess; cwd: string; env: NodeJS.ProcessEnv } | undefined;

/**
 * Starts the supervised child before the CLI has even loaded its own code, when
 * the command line looks like a check of one saver: the child loads the engine
 * meanwhile, which takes most of a run's start-up. Called first thing by
 * main.ts; a child the run does not take ends when this process does (its stdin closes).
 */
export function prestartChild(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): void {
  if (env.CONFORMANCE_IN_PROCESS === "1") return;
  if (argv.some((arg) => NOT_A_CHECK.includes(arg.split("=", 1)[0]))) return;
  prestarted = { child: startChild(cwd, env), cwd, env };
}

/** The prestarted child, if it was started for this directory and environment; else a new one. */
export function takeChild(cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const ready = prestarted;
  prestarted = undefined;
  if (ready && ready.cwd === cwd && ready.env === env) return ready.child;
  ready?.child.stdin?.end();
  return startChild(cwd, env);
}

/** Lets an untaken child go: it reads the end of its stdin and exits. */
export function releasePrestartedChild(): void {
  prestarted?.child.stdin?.end();
  prestarted = undefined;
}
