import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { FILES_WITH_BLOCKS, renderReadme } from "../scripts/readme-blocks.js";
import { REPO_ROOT } from "./cli/run-cli-process.js";
import { headingAnchors, markdownLinks } from "./docs-links.js";

const read = (file: string) => readFileSync(join(REPO_ROOT, file), "utf8");
const DOCUMENTS = [
  "README.md",
  ...readdirSync(join(REPO_ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

describe("README and docs", () => {
  it.each(FILES_WITH_BLOCKS)(
    "%s has up-to-date generated blocks (run `npm run readme` to refresh them)",
    async (file) => {
      const text = read(file);
      expect(text).toMatch(/<!-- [\w-]+:start -->/);
      expect(await renderReadme(text)).toBe(text);
      // docs/cli.md's sample output comes from a real CLI run.
    },
    180_000,
  );

  it("shows the two set-up commands", () => {
    const readme = read("README.md");
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
  });

  it("keeps the README a manual for users, with the long topics in docs/", () => {
    expect(read("README.md").split("\n").length).toBeLessThan(400);
  });

  it.each(DOCUMENTS)("%s: every relative link reaches a file in the repository, and every anchor a heading", (file) => {
    const broken: string[] = [];
    for (const { target, line } of markdownLinks(read(file))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [path, anchor] = target.split("#", 2);
      const resolved = path === "" ? file : normalize(join(dirname(file), decodeURIComponent(path)));
      if (relative(REPO_ROOT, join(REPO_ROOT, resolved)).startsWith("..") || !existsSync(join(REPO_ROOT, resolved))) {
        broken.push(`line ${line}: ${target} (no file ${resolved})`);
        continue;
      }
      if (anchor !== undefined && resolved.endsWith(".md") && !headingAnchors(read(resolved)).has(anchor)) {
        broken.push(`line ${line}: ${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    expect(broken).toEqual([]);
  });
});
