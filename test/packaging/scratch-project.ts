/**
 * Fresh projects with the packed tarball installed, as a user gets them, but
 * offline: the tarball is unpacked into node_modules (what npm does with its
 * files), its bin linked and made executable, and every other package (its
 * dependencies, the peers the user installs) linked from this repository's
 * node_modules. Only the packages named are there, so a missing dependency
 * shows up as a failure to load.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { REPO_ROOT } from "../cli/run-cli-process.js";
import { runProcess, type ProcessResult } from "../adapters/run-process.js";
import { RUN_CACHE_PREFIX } from "../setup/private-tmpdir.js";

export const PACKAGE_NAME = "langgraph-checkpoint-conformance";

/** The peers every user has: the saver's own packages. */
export const REQUIRED_PEERS = ["@langchain/core", "@langchain/langgraph-checkpoint"];

interface PackageJson {
  dependencies?: Record<string, string>;
  bin?: string | Record<string, string>;
  name: string;
}

/** Where the run's tarball goes, in the run's private TMPDIR (removed with it, test/setup/private-tmpdir.ts). */
const PACK_CACHE = `${RUN_CACHE_PREFIX}pack`;
const PACKED = "packed.json";
const PACK_WAIT_MS = 180_000;

/**
 * The tarball of the built package (`npm test` builds first), packed once per
 * test run however many files install it: the first file to ask packs (`npm
 * pack` takes seconds of CPU), the others running at once wait for its
 * result. Read-only for its users: each unpacks it into projects of its own.
 */
export async function packedTarball(): Promise<string> {
  const dir = join(tmpdir(), PACK_CACHE);
  const result = join(dir, PACKED);
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return waitForPack(result);
  }
  let packed: { tarball?: string; error?: string };
  try {
    const out = execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    const [{ filename }] = JSON.parse(out) as [{ filename: string }];
    packed = { tarball: join(dir, filename) };
  } catch (error) {
    packed = { error: (error as Error).message };
  }
  // Written whole, then renamed: a waiting file never reads half of it.
  writeFileSync(`${result}.partial`, JSON.stringify(packed));
  renameSync(`${result}.partial`, result);
  return unpack(packed);
}

async function waitForPack(result: string): Promise<string> {
  const deadline = Date.now() + PACK_WAIT_MS;
  while (!existsSync(result)) {
    if (Date.now() > deadline) throw new Error(`npm pack by another test file did not finish within ${PACK_WAIT_MS / 1000} s (${result})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return unpack(JSON.parse(readFileSync(result, "utf8")) as { tarball?: string; error?: string });
}

function unpack(packed: { tarball?: string; error?: string }): string {
  if (packed.tarball === undefined) throw new Error(`npm pack failed: ${packed.error}`);
  return packed.tarball;
}

export interface ScratchProject {
  dir: string;
  write(file: string, text: string): void;
  /** `node ARGS` in the project. */
  node(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<ProcessResult>;
  /** `npx NAME ARGS`: a bin of node_modules/.bin. */
  npx(name: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<ProcessResult>;
}

export interface ScratchOptions {
  /** Where the project goes (a new folder). */
  dir: string;
  tarball: string;
  /** "commonjs" is what `npm init -y` writes. */
  type: "module" | "commonjs";
  /** Packages the user installed beside ours (peers, tsx, a test runner). */
  install: readonly string[];
}

export function createScratchProject({ dir, tarball, type, install }: ScratchOptions): ScratchProject {
  mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `scratch-${type}`, version: "1.0.0", type, private: true }, null, 2));
  const target = join(dir, "node_modules", PACKAGE_NAME);
  mkdirSync(target);
  execFileSync("tar", ["xzf", tarball, "-C", target, "--strip-components=1"]);
  const own = readPackageJson(target);
  for (const name of new Set([...Object.keys(own.dependencies ?? {}), ...install])) {
    const link = join(dir, "node_modules", name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(REPO_ROOT, "node_modules", name), link, "dir");
    linkBins(dir, name, readPackageJson(link));
  }
  linkBins(dir, PACKAGE_NAME, own);
  const bin = join(dir, "node_modules", ".bin");
  const env = (extra: NodeJS.ProcessEnv = {}) => ({ PATH: `${bin}:${process.env.PATH ?? ""}`, ...extra });
  return {
    dir,
    write(file, text) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    },
    node: (args, extra) => runProcess(process.execPath, args, { cwd: dir, env: env(extra) }),
    npx: (name, args, extra) => runProcess(join(bin, name), args, { cwd: dir, env: env(extra) }),
  };
}

export function removeScratch(...dirs: string[]): void {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PackageJson;
}

/** What npm does for a package's `bin`: a link in node_modules/.bin, and the file made executable. */
function linkBins(dir: string, name: string, pkg: PackageJson): void {
  const bins = typeof pkg.bin === "string" ? { [pkg.name.split("/").pop()!]: pkg.bin } : (pkg.bin ?? {});
  for (const [command, file] of Object.entries(bins)) {
    const path = join(dir, "node_modules", name, file);
    if (name === PACKAGE_NAME) chmodSync(path, 0o755);
    symlinkSync(path, join(dir, "node_modules", ".bin", command));
  }
}
