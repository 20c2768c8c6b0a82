/**
 * `npm run footprint`: what installing this package adds to a fresh project,
 * against what @langchain/langgraph-checkpoint-validation adds to the same
 * project. Each candidate gets its own fresh `npm init -y` project that first
 * installs the peers every saver author already has; the footprint is the
 * growth of node_modules (apparent file sizes) when the candidate is added
 * with `npm install -D`. Needs the npm registry or a warm npm cache. Replaces
 * the "Install footprint" section of bench/results.md.
 */
import { execFileSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FOOTPRINT_HEADING, writeSection } from "./results-sections.js";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const PEERS = ["@langchain/langgraph-checkpoint@1.2.2", "@langchain/core@1.4.0"];
const THEIRS = "@langchain/langgraph-checkpoint-validation@1.1.1";
const NPM_FLAGS = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];

interface Footprint {
  label: string;
  addedBytes: number;
  addedPackages: number;
  largest: { name: string; bytes: number }[];
}

function npm(args: string[], cwd: string): string {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Sum of the sizes of every file under `dir`, links not followed (what `du --apparent-size` counts). */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += lstatSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** The installed packages (node_modules/NAME and node_modules/@scope/NAME, nested ones too) with their sizes. */
function packages(nodeModules: string): Map<string, number> {
  const found = new Map<string, number>();
  const visit = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith("@")) {
        visit(path, `${prefix}${entry.name}/`);
        continue;
      }
      found.set(`${prefix}${entry.name}`, bytesUnder(path));
      for (const nested of ["node_modules"].map((n) => join(path, n))) {
        try {
          if (lstatSync(nested).isDirectory())
            for (const [name, bytes] of packages(nested)) found.set(`${prefix}${entry.name} > ${name}`, bytes);
        } catch {
          // no nested node_modules
        }
      }
    }
  };
  visit(nodeModules, "");
  return found;
}

function measure(label: string, spec: string): Footprint {
  const dir = mkdtempSync(join(tmpdir(), "conformance-footprint-"));
  try {
    npm(["init", "-y"], dir);
    npm(["install", ...NPM_FLAGS, ...PEERS], dir);
    const before = packages(join(dir, "node_modules"));
    const beforeBytes = bytesUnder(join(dir, "node_modules"));
    npm(["install", ...NPM_FLAGS, "-D", spec], dir);
    const after = packages(join(dir, "node_modules"));
    const added = [...after].filter(([name]) => !before.has(name)).map(([name, bytes]) => ({ name, bytes }));
    added.sort((a, b) => b.bytes - a.bytes);
    return {
      label,
      addedBytes: bytesUnder(join(dir, "node_modules")) - beforeBytes,
      addedPackages: added.length,
      largest: added.slice(0, 4),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

const packDir = mkdtempSync(join(tmpdir(), "conformance-footprint-pack-"));
try {
  console.error("footprint: npm pack (build first: npm run build)…");
  const [{ filename }] = JSON.parse(npm(["pack", "--ignore-scripts", "--json", "--pack-destination", packDir], REPO_ROOT)) as [
    { filename: string },
  ];
  const ours = measure("langgraph-checkpoint-conformance (this build, packed)", join(packDir, filename));
  console.error("footprint: the validation package…");
  const theirs = measure(THEIRS, THEIRS);
  const row = (f: Footprint) =>
    `| ${f.label} | ${mb(f.addedBytes)} | ${f.addedPackages} | ${f.largest.map((p) => `${p.name} ${mb(p.bytes)}`).join(", ")} |`;
  const body = [
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run footprint\` (Node ${process.version}): each package installed with \`npm install -D\` into a fresh \`npm init -y\` project that already has the peers every saver author has (${PEERS.join(", ")}); the footprint is how much node_modules grows (apparent file sizes).`,
    "",
    "| package | adds | packages added | largest added |",
    "| --- | --- | --- | --- |",
    row(ours),
    row(theirs),
    "",
    `- Ours / theirs: **${(ours.addedBytes / theirs.addedBytes).toFixed(2)}** (target ≤ 0.25).`,
    "- tsx (with esbuild, about 11 MB) is an optional peer, installed only by those who load `.ts` saver modules without a build step; with it, add its size to ours.",
    "- Before tsx became an optional peer and the source maps (which pointed at unshipped sources) were dropped, the package added 15.1 MB the same way (2026-11-30).",
  ].join("\n");
  writeSection(FOOTPRINT_HEADING, body);
  console.log(body);
} finally {
  rmSync(packDir, { recursive: true, force: true });
}
