import { spawn, type ChildProcess } from "node:child_process";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import type { RunRequest } from "./protocol.js";

const here = fileURLToPath(import.meta.url);
// From src/supervisor/ (sources) and dist/chunks/ (the bundled build) alike: one folder below the code's root.
const childFile = fileURLToPath(new URL(`../supervisor/child${extname(here)}`, import.meta.url));

/**
 * Starts the child in its own process group (so a terminal's Ctrl-C reaches the
 * parent only, which forwards it, and the parent can end everything the saver
 * started at once). It waits for its request on stdin; stdout/stderr are pipes
 * the parent reads; fd 3 carries the messages.
 */
export function startChild(cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  // From the sources (tests, tsx) the child is a .ts file: it needs tsx's loader whatever runner started the parent;
  // or, when the run's environment has CONFORMANCE_SPAWN_DIST=1 (the tests, when dist/ is fresh), it is the built one.
  const fromSources = extname(childFile) === ".ts";
  const args = !fromSources
    ? [...process.execArgv, childFile]
    : env.CONFORMANCE_SPAWN_DIST === "1"
      ? [fileURLToPath(new URL("../../dist/supervisor/child.js", import.meta.url))]
      : ["--import", "tsx", childFile];
  return spawnGrouped(args, cwd, env);
}

/** Node on `args` in its own process group, with stdin, stdout, stderr and the message channel (fd 3) as pipes. */
export function spawnGrouped(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, args, { cwd, env, stdio: ["pipe", "pipe", "pipe", "pipe"], detached: true });
}

/** How the child ended (an error starting it: neither). */
export function childExit(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    child.once("error", () => resolve({ code: null, signal: null }));
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

export function sendRequest(child: ChildProcess, request: RunRequest): void {
  child.stdin!.end(`${JSON.stringify(request)}\n`);
}

/** Ends the child's whole process group (the child and whatever it started): SIGTERM, then SIGKILL if it lingers. */
export async function endProcessGroup(pid: number | undefined, graceMs = 2000): Promise<void> {
  if (pid === undefined) return;
  if (!signalGroup(pid, "SIGTERM")) return;
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (!signalGroup(pid, 0)) return;
  }
  signalGroup(pid, "SIGKILL");
}

/** Whether the group still existed. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}
