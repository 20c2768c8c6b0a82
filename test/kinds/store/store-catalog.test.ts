import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STORE_BEHAVIOURS, STORE_CAPABILITIES, STORE_SPECS } from "../../../src/kinds/store/index.js";

const catalog = readFileSync(new URL("../../../docs/store-catalog.md", import.meta.url), "utf8");
/** `**ST-nn · TIER ...` -> tier. */
const tiers = new Map([...catalog.matchAll(/\*\*(ST-\d+) · (REQ|ADV|PROFILE)/g)].map((m) => [m[1]!, m[2]!]));
const tests = Object.values(STORE_SPECS).flatMap((spec) => spec!.tests.map((t) => ({ capability: spec!.capability, ...t })));

describe("docs/store-catalog.md is the store contract", () => {
  it("every id a store test or probe names is defined there", () => {
    const named = [...tests.flatMap((t) => t.ids), ...STORE_BEHAVIOURS.map((b) => b.id)];
    expect(named.filter((id) => !tiers.has(id))).toEqual([]);
  });

  it("every REQ and ADV id is checked by a test, and every PROFILE id by a probe", () => {
    const tested = new Set<string>(tests.flatMap((t) => t.ids));
    const probed = new Set<string>(STORE_BEHAVIOURS.map((b) => b.id));
    const unchecked = [...tiers].filter(([id, tier]) => (tier === "PROFILE" ? !probed.has(id) : !tested.has(id)));
    expect(unchecked).toEqual([]);
  });

  it("an ADV id's tests are advisory, with a reason; no other test is", () => {
    for (const t of tests) {
      const advisoryIds = t.ids.filter((id) => tiers.get(id) === "ADV");
      expect(Boolean(t.advisory), `${t.name} (${t.ids.join(", ")})`).toBe(advisoryIds.length > 0);
      if (t.advisory) expect((t.advisoryReason ?? "").trim(), t.name).not.toBe("");
    }
  });

  it("tests are named test_store_*, uniquely, and every capability has a spec", () => {
    const names = tests.map((t) => t.name);
    expect(names.filter((n) => !n.startsWith("test_store_"))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(STORE_CAPABILITIES.filter((c) => !STORE_SPECS[c.id]).map((c) => c.id)).toEqual([]);
  });

  it("probes have unique ids", () => {
    const ids = STORE_BEHAVIOURS.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
