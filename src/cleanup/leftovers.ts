import { readdirSync, readFileSync, rmdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { removeOwnedDir } from "./owned-dir-removal.js";
import { OWNER_MARKER, ownerMayBeAlive, partialMarkerPid, readOwnerMarker } from "./owner-marker.js";
import { commandLine, isAlive, stopProcess } from "./processes.js";

/** Every temporary directory the suite creates starts with this. */
export const TEMP_DIR_PREFIX = "lgc-";
const ORPHAN_STOP_GRACE_MS = 5_000;
/** An empty `lgc-*` directory this old was left by a run killed right after creating it (a live run marks its own within microseconds). */
export const EMPTY_LEFTOVER_AGE_MS = 60_000;

let sweep: Promise<void> | undefined;

/** `removeLeftovers()` once per process: the first temporary directory a run creates, or its entry point, triggers it. */
export function removeLeftoversOnce(): Promise<void> {
  return (sweep ??= removeLeftovers().then(() => undefined));
}

/**
 * Removes what runs that were killed outright (SIGKILL, out of memory) left in
 * the temp directory: each directory whose owner marker names a process that
 * is gone, after stopping a PostgreSQL server still running on it. Directories
 * of live runs (this one, or others on the machine) and directories without a
 * marker are never touched. Says what it removed in one line on stderr.
 * Returns the names removed.
 */
export async function removeLeftovers(
  dir = tmpdir(),
  log: (line: string) => void = (line) => process.stderr.write(line),
): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(TEMP_DIR_PREFIX));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const marker = readOwnerMarker(path);
    if (!marker) {
      if (removableByUs(path) && removeKilledWhileCreated(path)) removed.push(name);
      continue;
    }
    if (ownerMayBeAlive(marker) || !removableByUs(path)) continue;
    const server = await stopOrphanServer(path);
    if (server === "unverifiable") continue;
    try {
      await removeOwnedDir(path);
      removed.push(server === undefined ? name : `${name} (and its PostgreSQL server, pid ${server})`);
    } catch {
      // another user's directory, or in use: leave it
    }
  }
  if (removed.length > 0) {
    const what = removed.length === 1 ? "a temporary directory" : `${removed.length} temporary directories`;
    log(
      `checkpoint-conformance: removed ${what} left in ${dir} by a run that was killed before it could clean up: ${removed.join(", ")}\n`,
    );
  }
  return removed;
}

/**
 * A postmaster still running on a data directory inside `dir` (its
 * postmaster.pid names it): stopped, and its pid returned. "unverifiable" when
 * a live process has that pid but its command line cannot be read to confirm
 * it is that server (never kill a process that may be someone else's).
 */
async function stopOrphanServer(dir: string): Promise<number | "unverifiable" | undefined> {
  for (const dataDir of [dir, ...subdirectories(dir)]) {
    const pid = postmasterPid(dataDir);
    if (pid === undefined || !isAlive(pid)) continue;
    const command = commandLine(pid);
    if (command === undefined) return "unverifiable";
    if (!command.includes(dataDir)) continue;
    await stopProcess(pid, "SIGINT", ORPHAN_STOP_GRACE_MS);
    return pid;
  }
  return undefined;
}

/**
 * A directory without a marker that a run was killed in while creating it (createTempDir: mkdtemp, then the
 * marker written to a partial file named with its pid, then renamed): removed when that pid is gone, or when
 * it is still empty a minute after it was made. Anything else without a marker is never touched.
 */
function removeKilledWhileCreated(path: string): boolean {
  const pid = partialMarkerPid(path);
  try {
    if (pid !== undefined) {
      if (isAlive(pid)) return false;
      rmSync(join(path, `${OWNER_MARKER}.${pid}.partial`), { force: true });
    } else if (Date.now() - statSync(path).mtimeMs < EMPTY_LEFTOVER_AGE_MS) {
      return false;
    }
    rmdirSync(path); // only ever an empty directory: one with anything else in it stays
    return true;
  } catch {
    return false;
  }
}

/** Another user's leftovers are theirs to remove (and their server ours not to signal); root may remove any. */
function removableByUs(dir: string): boolean {
  const uid = process.getuid?.();
  if (uid === undefined || uid === 0) return true;
  try {
    return statSync(dir).uid === uid;
  } catch {
    return false;
  }
}

function subdirectories(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => join(dir, e.name));
  } catch {
    return [];
  }
}

/** The first line of PostgreSQL's postmaster.pid is the postmaster's pid. */
function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n", 1)[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
