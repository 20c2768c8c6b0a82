import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { BUNDLED_FIXTURES_ENV } from "../cli/spawned-fixture.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The TypeScript saver modules tests hand to a CLI run (through test/cli/spawned-fixture.ts), bundled here once per run. */
const FOLDERS = ["test/fixtures/misbehaving", "test/cli/fixtures"];
/** Where the bundles go: under node_modules, so that the packages they import (left as imports) resolve as from the sources. */
const CACHE = join(ROOT, "node_modules", ".cache");

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
  mkdirSync(CACHE, { recursive: true });
  const dir = mkdtempSync(join(CACHE, "lgc-test-fixtures-"));
  const entryPoints = FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => join(ROOT, folder, name)),
  );
  try {
    await build({
      entryPoints,
      outdir: dir,
      outbase: ROOT,
      bundle: true,
      // What several fixtures import (src/ above all) is written once, in shared chunks.
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      packages: "external",
      chunkNames: "chunks/[name]-[hash]",
      // Class and function names stay as written: reports show the savers' class names.
      keepNames: true,
      logLevel: "warning",
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}
