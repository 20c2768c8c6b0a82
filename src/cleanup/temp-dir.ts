import { mkdtempSync } from "node:fs";
import { chmod } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { refuseWhenInterrupted } from "./interrupts.js";
import { removeLeftoversOnce, TEMP_DIR_PREFIX } from "./leftovers.js";
import { removeOwnedDir, removeOwnedDirSync } from "./owned-dir-removal.js";
import { writeOwnerMarker } from "./owner-marker.js";
import { trackCleanup } from "./track.js";

/** A temporary directory of this run, removed by `remove()` or, failing that, when the run ends however it ends. */
export interface TempDir {
  readonly path: string;
  /** Removes it (once; later calls share the first). */
  remove(): Promise<void>;
}

/**
 * Creates `<tmpdir>/<prefix>XXXXXX` (the prefix starts with `lgc-`) with an
 * owner marker (this process's id and start time), so that if this run is
 * killed outright the next run removes it. The first call in a process first
 * removes what dead runs left. Throws once the run is interrupted: nothing
 * new is created while it is being cleaned up.
 */
export async function createTempDir(prefix: string, options: { mode?: number } = {}): Promise<TempDir> {
  if (!prefix.startsWith(TEMP_DIR_PREFIX))
    throw new Error(`createTempDir: the prefix must start with "${TEMP_DIR_PREFIX}", got "${prefix}"`);
  await removeLeftoversOnce();
  refuseWhenInterrupted();
  // Synchronous, so that no signal is handled between the check, the creation and the tracking: an interrupt's
  // clean-up that ran while an mkdtemp was in flight, then exited, left that directory behind (seen in CI).
  const path = mkdtempSync(join(tmpdir(), prefix));
  const removal = trackCleanup({
    run: () => removeOwnedDir(path),
    runNow: () => removeOwnedDirSync(path),
  });
  try {
    // The marker first, in the same synchronous step as the creation: a kill between them leaves a directory no run may touch.
    writeOwnerMarker(path);
    if (options.mode !== undefined) await chmod(path, options.mode);
  } catch (error) {
    await removal.run();
    throw error;
  }
  return { path, remove: () => removal.run() };
}
