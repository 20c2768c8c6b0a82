import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../src/reporters/markdown.js";
import { plainPalette, REPORTERS } from "../../src/reporters/index.js";
import { fixedReport } from "./fixed-report.js";
import { makeTempDir } from "../temp-dir.js";

function render(env: Record<string, string | undefined>, subjectFile?: string): string {
  return REPORTERS.github.report({ write: () => undefined, palette: plainPalette, env, subjectFile }).render(fixedReport());
}

describe("the github reporter", () => {
  it("writes one ::error annotation per cause of failures (and per run error), on the saver's file, and ends with the Result line", async () => {
    const text = render({}, "test/my-saver.ts");
    await expect(text).toMatchFileSnapshot("./__snapshots__/report.github-annotations.txt");
    const annotations = text.split("\n").filter((line) => line.startsWith("::error "));
    expect(annotations.length).toBe(fixedReport().causes().length + fixedReport().errors.length);
    expect(text).toContain(fixedReport().verdict().resultLine);
    for (const line of annotations) expect(line).toMatch(/^::error file=test\/my-saver\.ts,title=[^:\n]+::\S/);
  });

  it("escapes newlines, percent signs and the property separators, so a message stays one command", () => {
    const text = render({}, "dir:with,odd%chars.ts");
    expect(text).toContain("file=dir%3Awith%2Codd%25chars.ts,");
    for (const line of text.split("\n").filter((l) => l.startsWith("::"))) expect(line).not.toContain("\r");
    expect(text).toContain("%0A  expected: 1 write%0A  actual:   2 writes");
  });

  it("appends the Markdown report to $GITHUB_STEP_SUMMARY when it is set, keeping what was there", () => {
    const dir = makeTempDir("github-summary-");
    const summary = join(dir, "summary.md");
    writeFileSync(summary, "earlier step\n");
    render({ GITHUB_STEP_SUMMARY: summary });
    expect(readFileSync(summary, "utf8")).toBe(`earlier step\n${renderMarkdown(fixedReport())}\n`);
  });

  it("leaves the file out of annotations when the saver's module is unknown", () => {
    expect(render({})).toMatch(/^::error title=/m);
    expect(render({})).not.toContain("file=");
  });
});
