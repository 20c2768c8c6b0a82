import { existsSync } from "node:fs";
import { join } from "node:path";

/** Set by test/setup/bundled-fixtures.ts: the run's folder of bundled fixtures (or "0": none, the fixtures as they are). */
export const BUNDLED_FIXTURES_ENV = "CONFORMANCE_BUNDLED_FIXTURES";

/**
 * The module a spawned CLI run loads for a TypeScript fixture (`path` from the
 * repository root): its bundle from this run's setup (JavaScript, no tsx loader
 * in the saver's process), or the fixture itself when the setup did not bundle.
 */
export function spawnedFixture(path: string): string {
  const dir = process.env[BUNDLED_FIXTURES_ENV];
  if (dir === undefined || dir === "0") return path;
  const bundled = join(dir, path.replace(/\.ts$/, ".js"));
  if (!existsSync(bundled))
    throw new Error(`${path} is not among the fixtures test/setup/bundled-fixtures.ts bundles (${bundled} does not exist)`);
  return bundled;
}

/** Whether `path` is one of this run's bundles: JavaScript that, unlike the JavaScript fixtures, imports no source file. */
export function isBundledFixture(path: string): boolean {
  const dir = process.env[BUNDLED_FIXTURES_ENV];
  return dir !== undefined && dir !== "0" && path.startsWith(`${dir}/`);
}

/** The loader node needs for `files`: none for this run's bundles, tsx's for the `.ts` files themselves. */
const loaderFor = (files: readonly string[]): string[] => (files.every(isBundledFixture) ? [] : ["--import", "tsx"]);

/** node's arguments that run the TypeScript fixture at `path` as a script (`options` before it): its bundle, or the `.ts` file through tsx's loader. */
export function fixtureScriptArgs(path: string, options: readonly string[] = []): string[] {
  const file = spawnedFixture(path);
  return [...loaderFor([file]), ...options, file];
}

/** node's arguments that run TypeScript fixtures under `node --test` (TAP): their bundles, or the `.ts` files through tsx's loader. */
export function nodeTestArgs(paths: readonly string[]): string[] {
  const files = paths.map(spawnedFixture);
  return [...loaderFor(files), "--test", "--test-reporter=tap", ...files];
}
