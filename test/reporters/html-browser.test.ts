import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkpointerTest, validate } from "../../src/index.js";
import { renderHtmlReport } from "../../src/reporters/html/report-html.js";
import specialWritesFirstWins from "../mutants/graph/special-writes-first-wins.graph-mutant.js";
import { findChromium, loadInChromium } from "./chromium.js";
import { makeTempDir } from "../temp-dir.js";

const chromium = findChromium();
if (!chromium) {
  // Said once, where the run prints it: the test is skipped, not passed.
  console.warn("html-browser.test.ts: skipped, chromium is not installed (apt-get install -y chromium, or set CHROMIUM_PATH)");
}

describe.skipIf(!chromium)("the HTML report in headless chromium", () => {
  it("loads without a console message or blocked request, runs its script, and shows the failing cause", async () => {
    // One root cause: special writes (__interrupt__, __error__) kept first-writer-wins.
    const report = await validate(
      checkpointerTest({ name: "SpecialFirstWins" }, () => specialWritesFirstWins.create()),
      {
        capabilities: ["put_writes"],
        graph: { scenarios: ["G03"] },
        timeoutMs: 5_000,
      },
    );
    const [failure] = report.failures();
    expect(failure, "the saver under test must fail a spec test").toBeDefined();
    const dir = makeTempDir("conformance-html-browser-");
    const file = join(dir, "report.html");
    writeFileSync(file, renderHtmlReport(report));
    const screenshot = join(dir, "report.png");

    const page = await loadInChromium(chromium!, file, screenshot);

    expect(page.console).toEqual([]);
    expect(page.dom).toMatch(/<html lang="en" data-ready="true">/);
    expect(page.dom).toContain('<span class="verdict failed" id="verdict">FAILED</span>');
    expect(page.dom).toContain(`${failure.capability} › ${failure.test.name}`);
    expect(page.dom).toContain(
      failure.test.failure.message.split("\n", 1)[0].replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"),
    );
    expect(page.dom).toMatch(/G03[\s\S]*MemorySaver \(reference\)[\s\S]*(confirmed by probe|cause not known)[\s\S]*legend: /);
    expect(statSync(screenshot).size).toBeGreaterThan(10_000);
  }, 180_000);
});
