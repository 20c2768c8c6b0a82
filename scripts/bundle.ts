/**
 * Part of `npm run build`, after tsc: the compiled modules of dist/ become one
 * file per entry point (the package's exports, the CLI, the supervised child)
 * plus shared chunks in dist/chunks/. Node's ES module loader pays per file
 * (resolve, read, compile, link): a plain CLI run loaded about 230 of our files
 * over its two processes, on the path of every run (docs/performance.md).
 * Shared code lives in exactly one chunk, so every entry point sees the same
 * classes and module state. Packages stay imports (the user's copy of the
 * @langchain/* peers must be the one used); the declarations stay per file.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { build } from "esbuild";
import { finishBuildStamp } from "./build-stamp.js";
import { NODE_BUNDLE } from "./esbuild-options.js";

const ROOT = new URL("..", import.meta.url).pathname;
const DIST = join(ROOT, "dist");

type ExportTarget = string | { [condition: string]: ExportTarget };
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  exports: Record<string, ExportTarget>;
  bin: Record<string, string>;
};

function jsTargets(target: ExportTarget): string[] {
  if (typeof target === "string") return target.endsWith(".js") ? [target] : [];
  return Object.values(target).flatMap(jsTargets);
}

const entryPoints = [
  ...new Set([
    ...Object.values(manifest.exports).flatMap(jsTargets),
    ...Object.values(manifest.bin),
    // Started by path (src/supervisor/child-process.ts), not imported.
    "./dist/supervisor/child.js",
  ]),
].map((path) => join(ROOT, path));

const compiled = readdirSync(DIST, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
  .map((entry) => join(entry.parentPath, entry.name));

const result = await build({
  entryPoints,
  outdir: DIST,
  outbase: DIST,
  allowOverwrite: true,
  write: false,
  ...NODE_BUNDLE,
});

// Code that finds files from its own location (the supervised child, package.json) is written for a
// module one folder below the code's root (src/cli/, dist/chunks/): a bundle that moved it elsewhere is refused.
const misplaced = result.outputFiles.filter((o) => o.text.includes("import.meta.url") && relative(DIST, o.path).split(sep).length !== 2);
if (misplaced.length > 0) {
  throw new Error(
    `bundle: code that resolves paths from import.meta.url ended up outside a folder of dist/: ${misplaced.map((o) => relative(DIST, o.path)).join(", ")}`,
  );
}

// Written only once the bundle succeeded: the per-file modules go, the bundles take their place.
for (const file of compiled) rmSync(file);
for (const output of result.outputFiles) {
  mkdirSync(dirname(output.path), { recursive: true });
  writeFileSync(output.path, output.contents);
}
const chunks = result.outputFiles.filter((o) => relative(DIST, o.path).startsWith("chunks")).length;
console.log(`bundle: ${compiled.length} compiled modules → ${entryPoints.length} entry points and ${chunks} shared chunks`);
// The last step of every build: what it was built from, so `npm pack` does not build again (scripts/prepack.ts).
finishBuildStamp();
