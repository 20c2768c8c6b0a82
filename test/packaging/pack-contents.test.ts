/**
 * What `npm pack` puts in the tarball: the built code and its types, the docs
 * the README links to, the license; no sources, tests or source maps. And
 * what package.json promises about it.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../cli/run-cli-process.js";
import { globFreePrefix, markdownLinks, repositoryPath, repositoryWebUrl, unlinkedRepositoryPaths } from "../docs-links.js";

type ExportTarget = string | { [condition: string]: ExportTarget };

interface Manifest {
  name: string;
  license: string;
  keywords?: string[];
  homepage?: string;
  repository?: { type: string; url: string };
  bugs?: { url: string };
  engines?: { node?: string };
  bin: Record<string, string>;
  exports: Record<string, ExportTarget>;
  typesVersions: Record<string, Record<string, string[]>>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
}

/** Every file an exports entry can resolve to, through nested conditions. */
function exportFiles(target: ExportTarget): string[] {
  return typeof target === "string" ? [target] : Object.values(target).flatMap(exportFiles);
}

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as Manifest;
// `npm test` builds first; --ignore-scripts so listing does not rebuild.
const packed = JSON.parse(
  execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO_ROOT, encoding: "utf8" }),
) as [{ files: { path: string }[] }];
const files = new Set(packed[0].files.map((f) => f.path));
const readPacked = (path: string) => readFileSync(join(REPO_ROOT, path), "utf8");
/** package.json's repository, where the docs link sources and tests (they do not ship). */
const REPOSITORY = repositoryWebUrl(manifest);
/** The repository's tree at HEAD, what a link to blob/main/PATH reaches once HEAD is pushed. */
const TRACKED_FILES = new Set(
  execFileSync("git", ["ls-tree", "-r", "--name-only", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8" }).split("\n").filter(Boolean),
);
const TRACKED_DIRS = new Set(
  [...TRACKED_FILES].flatMap((f) =>
    f
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
  ),
);

describe("the packed tarball", () => {
  it("holds the license, the README, package.json and every docs page", () => {
    for (const path of ["LICENSE", "README.md", "package.json", "docs/cli.md", "docs/ci.md", "docs/adapters.md"])
      expect(files).toContain(path);
    expect(readPacked("LICENSE")).toMatch(/^MIT License/);
  });

  it("holds every file package.json points at: exports, types, typesVersions, bin", () => {
    const targets = [
      ...Object.values(manifest.exports).flatMap(exportFiles),
      ...Object.values(manifest.typesVersions["*"]).flat(),
      ...Object.values(manifest.bin),
    ];
    const missing = targets.map((t) => normalize(t)).filter((t) => !files.has(t));
    expect(missing).toEqual([]);
  });

  it("has no sources, tests, source maps or build stamp", () => {
    const stray = [...files].filter(
      (f) =>
        f.endsWith(".map") ||
        f.startsWith("src/") ||
        f.startsWith("test/") ||
        (f.endsWith(".ts") && !f.endsWith(".d.ts")) ||
        f.startsWith("dist/.build-inputs"),
    );
    expect(stray).toEqual([]);
  });

  it("resolves every relative link of the README and docs inside the tarball (they are read on npm and in node_modules)", () => {
    const dead: string[] = [];
    for (const doc of [...files].filter((f) => f.endsWith(".md"))) {
      for (const { target, line } of markdownLinks(readPacked(doc))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
        const path = normalize(join(dirname(doc), decodeURIComponent(target.split("#")[0])));
        if (!files.has(path)) dead.push(`${doc}:${line}: ${target}`);
      }
    }
    expect(dead).toEqual([]);
  });

  it("resolves every repository link of the README and docs: the file or folder is in the repository at HEAD (links to blob/main or tree/main)", () => {
    const dead: string[] = [];
    let checked = 0;
    for (const doc of [...files].filter((f) => f.endsWith(".md"))) {
      for (const { target, line } of markdownLinks(readPacked(doc))) {
        const path = repositoryPath(target, REPOSITORY);
        if (path === undefined) continue;
        checked++;
        if (!TRACKED_FILES.has(path) && !TRACKED_DIRS.has(path)) dead.push(`${doc}:${line}: ${target}`);
      }
    }
    expect(dead).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it("names no path of the repository's sources or tests without linking it (none of them ships)", () => {
    // A path into one of the repository's folders, two levels deep or more, that does not ship (bench/results.md does).
    const isRepositoryPath = (path: string) => {
      let prefix = globFreePrefix(path);
      if (files.has(prefix)) return false;
      while (prefix.includes("/") && !TRACKED_FILES.has(prefix) && !TRACKED_DIRS.has(prefix))
        prefix = prefix.slice(0, prefix.lastIndexOf("/"));
      return prefix.includes("/");
    };
    const bare = [...files]
      .filter((f) => f.endsWith(".md"))
      .flatMap((doc) => unlinkedRepositoryPaths(readPacked(doc), isRepositoryPath).map(({ target, line }) => `${doc}:${line}: ${target}`));
    expect(bare).toEqual([]);
  });

  it("imports only Node built-ins, its dependencies and its peers", () => {
    const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)]);
    const undeclared = new Set<string>();
    for (const file of [...files].filter((f) => f.endsWith(".js"))) {
      const code = readPacked(file);
      const statements = code.matchAll(/^(?:(?:import|export)\b[^;"]*?\bfrom\s+|import\s+)"([^"]+)"/gm);
      const dynamic = code.matchAll(/(?:\bimport\(|\bimportOptional(?:<[^>]*>)?\(|\brequireOptional(?:<[^>]*>)?\()\s*"([^"]+)"/g);
      const specifiers = [...statements, ...dynamic].map((m) => m[1]);
      for (const specifier of specifiers.filter((s) => !s.startsWith("."))) {
        const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
        if (specifier.startsWith("node:") || builtinModules.includes(name) || declared.has(name)) continue;
        undeclared.add(`${name} (in ${file})`);
      }
    }
    expect([...undeclared]).toEqual([]);
  });
});

describe("package.json", () => {
  it("says where the package lives, what it is for and which Node it needs", () => {
    expect(manifest.license).toBe("MIT");
    expect(manifest.repository).toEqual({ type: "git", url: expect.stringMatching(/^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/) });
    expect(manifest.homepage).toBe(`${REPOSITORY}#readme`);
    expect(manifest.bugs).toEqual({ url: `${REPOSITORY}/issues` });
    expect(manifest.keywords).toEqual(expect.arrayContaining(["langgraph", "checkpointer"]));
    expect(manifest.engines?.node).toMatch(/^>=20/);
  });

  it("justifies every runtime dependency and required peer in the README, and makes tsx an optional peer", () => {
    const readme = readPacked("README.md");
    const required = Object.keys(manifest.peerDependencies).filter((p) => !manifest.peerDependenciesMeta[p]?.optional);
    for (const name of [...Object.keys(manifest.dependencies), ...required]) expect(readme).toContain(`\`${name}\``);
    expect(manifest.dependencies).not.toHaveProperty("tsx");
    expect(manifest.peerDependenciesMeta.tsx).toEqual({ optional: true });
  });
});
