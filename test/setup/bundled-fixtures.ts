import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { NODE_BUNDLE } from "../../scripts/esbuild-options.js";
import { BUNDLED_FIXTURES_ENV } from "../cli/spawned-fixture.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/**
 * The TypeScript saver modules tests hand to a CLI run, then the files they hand to `node --test` (through
 * test/cli/spawned-fixture.ts), bundled here once per run. Two builds: a `node --test` file imports a saver
 * fixture, and in one build that fixture's code would move into a shared chunk, so a stack frame of the saver
 * would name the chunk instead of the fixture's own file (test/cli/supervised-run.test.ts asserts it).
 */
const FOLDER_GROUPS = [
  ["test/fixtures/misbehaving", "test/cli/fixtures", "test/engine/fixtures", "test/backends/fixtures", "test/robustness/scripts"],
  [
    "test/adapters/fixtures/misbehaving/node",
    "test/adapters/fixtures/node",
    "test/adapters/fixtures/node-misbehaving",
    "test/adapters/fixtures/leaks",
  ],
];
/**
 * Where the bundles go: in the repository (git ignores `.scratch*`), so that the packages they import (left as
 * imports) resolve as from the sources; not under node_modules, where a stack frame would be a dependency's, not the saver's.
 */
const PREFIX = join(ROOT, ".scratch-test-fixtures-");

/** The run's folder, on globalThis: vitest calls this setup once per project, each time from a fresh copy of this module. */
const RUN_BUNDLES = Symbol.for("langgraph-checkpoint-conformance.test-run-bundled-fixtures");
const state = globalThis as { [RUN_BUNDLES]?: Promise<string> };

/**
 * vitest globalSetup: the TypeScript fixtures that spawned CLI runs load are bundled
 * (with the sources they import; packages stay imports) into JavaScript once, and
 * their folder goes into CONFORMANCE_BUNDLED_FIXTURES. A supervised child then
 * loads one JavaScript file instead of the fixture and src/ through tsx's loader
 * (measured: a CLI run with a crash and a resume, 7.4 → 3.7 s of CPU). What the
 * fixtures do is unchanged: the same sources, compiled by esbuild as tsx does.
 * Tests that are about loading TypeScript keep the `.ts` files. Set
 * CONFORMANCE_BUNDLED_FIXTURES=0 to load the fixtures through tsx instead.
 */
export default async function setup(): Promise<() => void> {
  if (process.env[BUNDLED_FIXTURES_ENV] === "0") return () => undefined;
  const started = state[RUN_BUNDLES];
  if (started !== undefined) {
    await started;
    return () => undefined;
  }
  const bundling = bundle();
  state[RUN_BUNDLES] = bundling;
  const dir = await bundling;
  process.env[BUNDLED_FIXTURES_ENV] = dir;
  return () => {
    delete state[RUN_BUNDLES];
    delete process.env[BUNDLED_FIXTURES_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

async function bundle(): Promise<string> {
  const dir = mkdtempSync(PREFIX);
  const entryPoints = (folders: readonly string[]) =>
    folders.flatMap((folder) =>
      readdirSync(join(ROOT, folder))
        .filter((name) => name.endsWith(".ts"))
        .map((name) => join(ROOT, folder, name)),
    );
  try {
    for (const folders of FOLDER_GROUPS) {
      // As the build bundles: what several fixtures of a group import (src/ above all) is written once, in shared chunks.
      await build({ entryPoints: entryPoints(folders), outdir: dir, outbase: ROOT, ...NODE_BUNDLE });
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}
