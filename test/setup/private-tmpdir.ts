import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/**
 * vitest globalSetup: the run gets a TMPDIR of its own, which every test file and
 * every process a test starts inherits. Whatever is still in it when the run ends
 * was left by a test (or by the code under test): the run fails, naming it, and
 * the folder goes either way. Concurrent runs on one machine never see each
 * other's files. tsx's compile cache stays the machine's (a link), so spawning
 * from the sources stays warm.
 */
const TSX_CACHE = `tsx-${userInfo().uid}`;
/** Tools' caches, not tests' leftovers: tsx's (linked) and jest's (the adapter tests run jest). */
const isToolCache = (name: string) => name === TSX_CACHE || name.startsWith("jest_");

let runTmp: string | undefined;

export default function setup(): () => void {
  // vitest calls this once per project with the same module: one folder for the whole run.
  if (runTmp !== undefined) return () => undefined;
  const machineTmp = tmpdir();
  // Short: tests nest folders in it, and a PostgreSQL socket path in the deepest must stay under 108 bytes.
  runTmp = mkdtempSync(join(machineTmp, "lgc-test-run-"));
  mkdirSync(join(machineTmp, TSX_CACHE), { recursive: true });
  symlinkSync(join(machineTmp, TSX_CACHE), join(runTmp, TSX_CACHE));
  process.env.TMPDIR = runTmp;
  return () => teardown(machineTmp);
}

function teardown(machineTmp: string): void {
  if (runTmp === undefined) return;
  const dir = runTmp;
  runTmp = undefined;
  process.env.TMPDIR = machineTmp;
  const left = readdirSync(dir).filter((name) => !isToolCache(name));
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  if (left.length === 0) return;
  process.stderr.write(`\nThe tests left ${left.length} entries in TMPDIR (removed now; each test must remove what it creates):\n${left.map((name) => `  ${name}\n`).join("")}`);
  process.exitCode = 1;
}

