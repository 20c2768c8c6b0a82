import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { linkTsxCache, TSX_CACHE } from "./tsx-cache.js";

/**
 * vitest globalSetup: the run gets a TMPDIR of its own, which every test file and
 * every process a test starts inherits. Whatever is still in it when the run ends
 * was left by a test (or by the code under test): the run fails, naming it, and
 * the folder goes either way. Concurrent runs on one machine never see each
 * other's files. tsx's compile cache stays the machine's (a link), so spawning
 * from the sources stays warm.
 */
/** What test files share during one run (the packed tarball, test/packaging/scratch-project.ts): removed with the run's folder. */
export const RUN_CACHE_PREFIX = "run-cache-";
/** Caches, not tests' leftovers: tsx's (linked), jest's (the adapter tests run jest) and the run's own. */
const isToolCache = (name: string) => name === TSX_CACHE || name.startsWith("jest_") || name.startsWith(RUN_CACHE_PREFIX);

/** The run's folder, on globalThis: vitest calls this setup once per project, each time from a fresh copy of this module. */
const RUN_TMP = Symbol.for("langgraph-checkpoint-conformance.test-run-tmpdir");
const state = globalThis as { [RUN_TMP]?: string };

export default function setup(): () => void {
  if (state[RUN_TMP] !== undefined) return () => undefined;
  const machineTmp = tmpdir();
  // Short: tests nest folders in it, and a PostgreSQL socket path in the deepest must stay under 108 bytes.
  const dir = mkdtempSync(join(machineTmp, "lgc-test-run-"));
  // Like the machine's own TMPDIR (1777): the embedded PostgreSQL runs as the postgres user, which must reach its files in here.
  chmodSync(dir, 0o1777);
  state[RUN_TMP] = dir;
  linkTsxCache(dir, machineTmp);
  process.env.TMPDIR = dir;
  return () => teardown(dir, machineTmp);
}

function teardown(dir: string, machineTmp: string): void {
  if (state[RUN_TMP] !== dir) return;
  delete state[RUN_TMP];
  process.env.TMPDIR = machineTmp;
  const left = readdirSync(dir).filter((name) => !isToolCache(name));
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  if (left.length === 0) return;
  process.stderr.write(
    `\nThe tests left ${left.length} entries in TMPDIR (removed now; each test must remove what it creates):\n${left.map((name) => `  ${name}\n`).join("")}`,
  );
  process.exitCode = 1;
}
