import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const made: string[] = [];
// Each test file loads its own copy of this module, so this runs after the last test of the file that imported it.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

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
