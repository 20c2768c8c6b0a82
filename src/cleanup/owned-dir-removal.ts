import { readdirSync, rmSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { OWNER_MARKER } from "./owner-marker.js";

/*
 * A directory with an owner marker is removed with its marker last: a run killed in the middle of removing one
 * (SIGKILL, the OOM killer) leaves a directory the next run can still attribute to it and remove, never an
 * anonymous one, which no run may touch. A plain recursive rm may remove the marker first.
 */
const RM = { recursive: true, force: true, maxRetries: 3 } as const;

export async function removeOwnedDir(path: string): Promise<void> {
  await removeAllButMarker(path);
  await rm(path, RM);
}

export function removeOwnedDirSync(path: string): void {
  removeAllButMarkerSync(path);
  rmSync(path, RM);
}

/** The first step of the removal: everything in the directory except its owner marker (none when it is gone). */
export async function removeAllButMarker(path: string): Promise<void> {
  const names = await readdir(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  await Promise.all(names.filter((name) => name !== OWNER_MARKER).map((name) => rm(join(path, name), RM)));
}

function removeAllButMarkerSync(path: string): void {
  let names: string[] = [];
  try {
    names = readdirSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  for (const name of names) if (name !== OWNER_MARKER) rmSync(join(path, name), RM);
}
