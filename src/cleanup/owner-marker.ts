import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { isAlive, processStartTime } from "./processes.js";

/** The file in each temporary directory the suite creates that names the run owning it. */
export const OWNER_MARKER = ".lgc-owner";

/** Who owns a directory: the process id, its start time (so a reused pid is not mistaken for the owner) and the host. */
export interface OwnerMarker {
  pid: number;
  /** Clock ticks since boot (Linux /proc); absent where the platform does not tell. */
  start?: string;
  host: string;
}

export function currentOwner(): OwnerMarker {
  return { pid: process.pid, start: processStartTime(process.pid), host: hostname() };
}

/** The name of the marker while it is written: it names the writer's pid already (`partialMarkerPid`). */
const PARTIAL_MARKER = /^\.lgc-owner\.(\d+)\.partial$/;

/** Written whole or not at all (a rename): a kill while writing it leaves no marker, never an empty or partial one that a run could not read. */
export function writeOwnerMarker(dir: string): void {
  const partial = join(dir, `${OWNER_MARKER}.${process.pid}.partial`);
  writeFileSync(partial, `${JSON.stringify(currentOwner())}\n`);
  renameSync(partial, join(dir, OWNER_MARKER));
}

/** The directory's marker, or undefined when it has none (not ours, or created a moment ago) or it cannot be read. */
export function readOwnerMarker(dir: string): OwnerMarker | undefined {
  try {
    const marker = JSON.parse(readFileSync(join(dir, OWNER_MARKER), "utf8")) as Partial<OwnerMarker>;
    if (typeof marker.pid !== "number" || typeof marker.host !== "string") return undefined;
    return { pid: marker.pid, start: typeof marker.start === "string" ? marker.start : undefined, host: marker.host };
  } catch {
    return undefined;
  }
}

/**
 * Whether the run that wrote the marker may still be going. Another host's
 * processes cannot be checked (a temp dir shared between machines): alive.
 */
export function ownerMayBeAlive(marker: OwnerMarker): boolean {
  if (marker.host !== hostname()) return true;
  if (!isAlive(marker.pid)) return false;
  const start = processStartTime(marker.pid);
  return marker.start === undefined || start === undefined || start === marker.start;
}

/**
 * A directory a run was killed in while creating it (between its mkdtemp and the marker's rename, a few system
 * calls that a SIGKILL can still split): the pid in the name of its partial marker, or undefined. Its only
 * entries are that file (or nothing, killed before it was written: see leftovers.ts).
 */
export function partialMarkerPid(dir: string): number | undefined {
  try {
    const entries = readdirSync(dir);
    const pid = entries.length === 1 ? PARTIAL_MARKER.exec(entries[0]!)?.[1] : undefined;
    return pid === undefined ? undefined : Number(pid);
  } catch {
    return undefined;
  }
}
