import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** What a test spawns from the build: the CLI and the supervised child. */
const SPAWNED = ["dist/cli/main.js", "dist/supervisor/child.js"];

/**
 * vitest globalSetup: when dist/ was built after the last change to src/ (as in
 * `npm test`, which builds first), the tests that spawn the CLI spawn the build
 * (CONFORMANCE_SPAWN_DIST=1, test/cli/run-cli-process.ts), whose supervised
 * child is the build too: what users run, without tsx's start-up in each
 * process. Otherwise they spawn the sources through tsx. Set
 * CONFORMANCE_SPAWN_DIST=0 to test the sources whatever dist/ holds. A run
 * started in a test's own process (runInProcess) passes the variable on to its
 * supervised child (test/cli/run-cli-in-process.ts): the build too.
 */
export default function setup(): void {
  if (process.env.CONFORMANCE_SPAWN_DIST === undefined && distIsFresh()) process.env.CONFORMANCE_SPAWN_DIST = "1";
}

function distIsFresh(): boolean {
  const built = SPAWNED.map((file) => join(ROOT, file));
  if (!built.every((file) => existsSync(file))) return false;
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  const sources = readdirSync(join(ROOT, "src"), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return sources.every((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs <= builtAt);
}
