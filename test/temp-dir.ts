import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];
/**
 * Removes the directories made since the last call: after each test file (test/setup/temp-dirs.ts). Not a hook
 * registered here: a worker that runs several files loads this module once (isolate: false in vitest.config.ts).
 */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * A fresh directory in TMPDIR (`prefix` plus random characters), removed after
 * the test file's last test, passed or failed. test/setup/private-tmpdir.ts
 * fails the run on anything a test leaves behind.
 */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
