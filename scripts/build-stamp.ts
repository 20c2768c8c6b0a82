/**
 * What dist/ was built from: a hash of every input of the build (the sources,
 * the configs, the build scripts, the installed versions through the lock
 * file), taken before tsc reads the sources (scripts/check-and-emit.ts for
 * `npm test`, `tsx scripts/build-stamp.ts begin` in `npm run build`), and made
 * the stamp by the last build step (scripts/bundle.ts) when it succeeds.
 * `npm pack`'s prepack (scripts/prepack.ts) builds only when the stamp is not
 * the hash of the current inputs, so a pack after `npm test` or `npm run build`
 * does not build again.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
/** In dist/ so that removing dist/ removes them; package.json's "files" leaves them out of the tarball. */
export const STAMP = join(ROOT, "dist", ".build-inputs");
const BEGUN = `${STAMP}.begun`;

const INPUT_DIRS = ["src"];
const INPUT_FILES = [
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "scripts/build-stamp.ts",
  "scripts/check-and-emit.ts",
  "scripts/require-declarations.ts",
  "scripts/bundle.ts",
  "scripts/esbuild-options.ts",
];

/** The hash of the build's inputs as they are now: every file's path and bytes, in a fixed order. */
export function buildInputsHash(): string {
  const files = [
    ...INPUT_DIRS.flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(ROOT, join(entry.parentPath, entry.name))),
    ),
    ...INPUT_FILES.filter((file) => existsSync(join(ROOT, file))),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(ROOT, file)))
      .update("\0");
  return hash.digest("hex");
}

/** At the start of a build, after dist/ is emptied: the inputs' hash as the build is about to read them. */
export function beginBuildStamp(hash: string): void {
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(BEGUN, `${hash}\n`);
}

/** At the end of a build that began with `beginBuildStamp`: its hash becomes the stamp. A bundle run on its own leaves no stamp. */
export function finishBuildStamp(): void {
  if (existsSync(BEGUN)) renameSync(BEGUN, STAMP);
  else rmSync(STAMP, { force: true });
}

/** True when dist/ holds the build of the current inputs. */
export function distIsCurrent(): boolean {
  return existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === buildInputsHash();
}

// `npm run build`: `tsx scripts/build-stamp.ts begin` before tsc.
if (process.argv[1] === new URL(import.meta.url).pathname && process.argv[2] === "begin") beginBuildStamp(buildInputsHash());
