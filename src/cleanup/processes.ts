import { readdirSync, readFileSync } from "node:fs";

/**
 * Process facts and kills for the clean-up code. The /proc reads make them
 * exact on Linux (zombies count as gone, start times tell a reused pid apart);
 * elsewhere they fall back to `kill(pid, 0)`.
 */

/** Fields of /proc/<pid>/stat after the command name: [0] state, [1] ppid, [19] start time. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** The process exists and is not a zombie (a zombie has exited; only its parent has not collected it yet). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return statFields(pid)?.[0] !== "Z";
}

/** When the process started, in clock ticks since boot (Linux); undefined elsewhere or when it is gone. */
export function processStartTime(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/** The process's command line (Linux), or undefined. */
export function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return undefined;
  }
}

/** Direct children of `pid` (Linux; empty elsewhere). */
export function childrenOf(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  return entries.filter((e) => /^\d+$/.test(e) && statFields(Number(e))?.[1] === String(pid)).map(Number);
}

function signalQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

const POLL_MS = 25;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * SIGKILL a process and its children, and wait (blocking, at most `limitMs`)
 * until they are gone. For the last resort, where nothing asynchronous runs:
 * a postmaster's children would otherwise outlive it for a moment and keep
 * writing into the directory about to be removed.
 */
export function killTreeSync(pid: number, limitMs = 3_000): void {
  const pids = [pid, ...childrenOf(pid)];
  for (const p of pids) signalQuietly(p, "SIGKILL");
  const deadline = Date.now() + limitMs;
  while (pids.some(isAlive) && Date.now() < deadline) sleepSync(POLL_MS);
}

/** Resolves when the process is gone, or with false after `limitMs`. */
export async function waitForExit(pid: number, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (isAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}

/**
 * Asks a server process to stop with `signal` (for PostgreSQL, SIGINT is its
 * fast shutdown), waits up to `graceMs`, then kills it and its children.
 * `gentlerFirst`: signals tried before, each with its own wait.
 */
export async function stopProcess(
  pid: number,
  signal: NodeJS.Signals,
  graceMs: number,
  gentlerFirst: readonly [NodeJS.Signals, number][] = [],
): Promise<void> {
  for (const [asked, waitMs] of [...gentlerFirst, [signal, graceMs] as const]) {
    if (!isAlive(pid)) return;
    signalQuietly(pid, asked);
    if (await waitForExit(pid, waitMs)) return;
  }
  killTreeSync(pid);
}
