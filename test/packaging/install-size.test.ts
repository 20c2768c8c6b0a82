/**
 * The README's install size ("The package adds about N MB to a project") holds
 * for the package as packed now: what installing it adds to a project that has
 * its peers is its unpacked files plus its runtime dependencies (fast-check,
 * pure-rand), as `npm run footprint` measures it with a real install. Offline:
 * the package's own size is `npm pack --dry-run`'s unpackedSize, the
 * dependencies' the apparent size of their files in this repository's
 * node_modules (the versions the lockfile installs), so no registry is needed.
 */
import { execFileSync } from "node:child_process";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../cli/run-cli-process.js";

const MB = 1e6;
/** How far above the measured size the README may round: "about" one decimal, not a stale figure. */
const SLACK_MB = 0.5;

function dependenciesOf(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  return Object.keys(manifest.dependencies ?? {});
}

/** Sum of the sizes of the files under `dir` (links not followed), as `du --apparent-size` counts. */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += lstatSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** The runtime dependencies, transitively, each once (npm hoists them beside the package). */
function runtimeDependencies(): Map<string, number> {
  const found = new Map<string, number>();
  const queue = dependenciesOf(REPO_ROOT);
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (found.has(name)) continue;
    const dir = join(REPO_ROOT, "node_modules", name);
    found.set(name, bytesUnder(dir));
    queue.push(...dependenciesOf(dir));
  }
  return found;
}

describe("install size", () => {
  it("the package and its runtime dependencies add no more than the README says, and not much less", () => {
    // `npm test` builds first; --ignore-scripts so measuring does not rebuild.
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO_ROOT, encoding: "utf8" }),
    ) as [{ unpackedSize: number }];
    const dependencies = runtimeDependencies();
    expect([...dependencies.keys()].sort()).toEqual(["fast-check", "pure-rand"]);
    const addedMb = (packed.unpackedSize + [...dependencies.values()].reduce((a, b) => a + b, 0)) / MB;
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8").replace(/\s+/g, " ");
    const claim = /The package adds about ([\d.]+) MB to a project/.exec(readme);
    expect(claim, "README: the sentence giving the install size").not.toBeNull();
    const claimedMb = Number(claim![1]);
    const measured = `${addedMb.toFixed(2)} MB (the package ${(packed.unpackedSize / MB).toFixed(2)} MB, ${[...dependencies].map(([n, b]) => `${n} ${(b / MB).toFixed(2)} MB`).join(", ")})`;
    expect(addedMb, `measured ${measured}; the README says about ${claimedMb} MB`).toBeLessThanOrEqual(claimedMb);
    expect(claimedMb - addedMb, `measured ${measured}; the README's ${claimedMb} MB is stale`).toBeLessThanOrEqual(SLACK_MB);
  });
});
