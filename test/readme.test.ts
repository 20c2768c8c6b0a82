import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderReadme } from "../scripts/readme-blocks.js";

describe("README", () => {
  it("has up-to-date generated blocks (run `npm run readme` to refresh them)", async () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain("<!-- capabilities:start -->");
    expect(await renderReadme(readme)).toBe(readme);
  });

  it("shows the two set-up commands", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
  });
});
