import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SPECS } from "../src/kinds/checkpointer/checks/index.js";

// The shared catalog, plus the sections this project added (ISO, CONC, SER, KEY, FLT, RACE, VAL, ORD).
const catalog = ["../docs/spec-catalog.md", "../docs/catalog-additions.md"]
  .map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))
  .join("\n");
const specs = Object.values(SPECS).filter((s) => s !== undefined);
const allTests = specs.flatMap((s) => s.tests.map((t) => ({ capability: s.capability, ...t })));
const namedIds = new Set(allTests.flatMap((t) => t.ids));

/** Ids the catalog defines as `**XX-NN · TIER ...`, excluding the LATER (L-*) section. */
function catalogIds(): string[] {
  return [
    ...new Set([...catalog.matchAll(/\*\*((?:PUT|PW|GT|LS|DT|DFR|CT|PR|DCH|JS|ISO|CONC|SER|KEY|FLT|RACE|VAL|ORD)-\d+)/g)].map((m) => m[1])),
  ];
}

/** Section 14's table: Python test name -> capability, from the file name in the first row of each group. */
function pythonTests(): { name: string; capability: string }[] {
  const section = catalog.slice(catalog.indexOf("## 14."), catalog.indexOf("## 15."));
  const out: { name: string; capability: string }[] = [];
  let capability = "";
  for (const m of section.matchAll(/^\| (test_\w+)(?: \((\w+)\))? \|/gm)) {
    capability = m[2] ?? capability;
    out.push({ name: m[1], capability });
  }
  return out;
}

describe("the catalog is the contract", () => {
  it("every catalog id is checked by at least one spec test", () => {
    const unchecked = catalogIds().filter((id) => !namedIds.has(id as never));
    expect(unchecked).toEqual([]);
  });

  it("every spec test names catalog ids that exist", () => {
    const known = new Set(catalogIds());
    const unknown = allTests.flatMap((t) => t.ids.filter((id) => !known.has(id)).map((id) => `${t.name}: ${id}`));
    expect(unknown).toEqual([]);
    expect(allTests.filter((t) => t.ids.length === 0).map((t) => t.name)).toEqual([]);
  });

  it("every one of Python's 89 tests has a counterpart of the same name in its capability", () => {
    const python = pythonTests();
    expect(python).toHaveLength(89);
    const missing = python.filter((p) => !allTests.some((t) => t.name === p.name && t.capability === p.capability));
    expect(missing.map((p) => `${p.capability}/${p.name}`)).toEqual([]);
  });

  it("every advisory test says why it is advisory (a measured official-saver failure or a catalog clause)", () => {
    const unexplained = allTests.filter((t) => t.advisory && !(t.advisoryReason ?? "").trim()).map((t) => t.name);
    expect(unexplained).toEqual([]);
    const stray = allTests.filter((t) => !t.advisory && t.advisoryReason !== undefined).map((t) => t.name);
    expect(stray).toEqual([]);
  });

  it("spec tests have unique names and one-line descriptions", () => {
    for (const spec of specs) {
      const names = spec.tests.map((t) => t.name);
      expect(new Set(names).size, `${spec.capability} has duplicate test names`).toBe(names.length);
    }
    const long = allTests.filter((t) => t.description.length > 140 || t.description.includes("\n")).map((t) => t.name);
    expect(long).toEqual([]);
  });
});
