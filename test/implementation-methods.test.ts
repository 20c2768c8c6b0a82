import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SPECS } from "../src/kinds/checkpointer/checks/index.js";
import { STORE_SPECS } from "../src/kinds/store/checks/index.js";
import { CACHE_SPECS } from "../src/kinds/cache/checks/index.js";

/**
 * docs/implementation-methods.md lists, per method of each kind, the ways backends implement it and the input that
 * tells a right implementation from a wrong one; spec tests name the entries whose input they give (`methods`).
 * An entry no test names is a gap: it must be in UNCOVERED, reviewed, until a test names it.
 */
const doc = readFileSync(new URL("../docs/implementation-methods.md", import.meta.url), "utf8");
const entries = [...doc.matchAll(/^- \*\*(IM-[A-Za-z0-9-]+)\*\*/gm)].map((m) => m[1]!);

const tests = [SPECS, STORE_SPECS, CACHE_SPECS].flatMap((specs) =>
  Object.values(specs as Record<string, { capability: string; tests: readonly { name: string; methods?: readonly string[] }[] } | undefined>)
    .filter((spec) => spec !== undefined)
    .flatMap((spec) => spec.tests.map((test) => ({ where: `${spec.capability}/${test.name}`, methods: test.methods ?? [] }))),
);
const named = new Set(tests.flatMap((t) => t.methods));

/**
 * The entries no spec test names yet, each with why: the families of issue 40 (build item 1 adds their checks; the
 * tests that add them name these ids and take them off this list).
 */
const UNCOVERED: Record<string, string> = {
  "IM-put-plain-object-map": "issue 40 family 7: prototype-named thread ids, namespaces and checkpoint ids (the model gives toString and hasOwnProperty threads)",
  "IM-put-upsert-deletes-writes": "issue 40 family 1: put, putWrites, put of the same id (the model's re-put after putWrites gives it)",
  "IM-put-upsert-merges-metadata": "issue 40 family 1: a re-put whose metadata lacks a key (the model's re-put gives it)",
  "IM-put-secondary-index-only-added": "issue 40 family 1: a filter on the metadata a re-put replaced (the model's re-put lists it)",
  "IM-putWrites-special-key-without-task": "issue 40 family 6: two tasks writing one special channel",
  "IM-putWrites-task-idx-joined": "issue 40 family 6: task ids of different lengths with indexes past 9",
  "IM-putWrites-async-order": "issue 40 family 4: large and small writes in one call (the model's 64 KiB write first gives it)",
  "IM-putWrites-client-decoding": "issue 40 family 5: \"42\", \"true\", \"null\", \"[]\" as write and channel values (the model's look-alike strings give them)",
  "IM-getTuple-plain-object-lookup": "issue 40 family 7: reads of prototype-named threads never written (the model reads them on fresh savers)",
  "IM-list-filter-bound": "issue 40 family 2: filter values holding quotes and backslashes (the model's filter twins give them)",
  "IM-list-filter-like": "issue 40 family 2: filter values holding % and _ (the model's filter twins give them)",
  "IM-list-limit-over-joined-rows": "issue 40 family 3: list({limit}) over checkpoints with many writes",
  "IM-prune-newest-by-insertion": "issue 40 family 6: prune of a thread put out of id order",
  "IM-store-get-plain-object-map": "issue 40 family 7: prototype-named store keys and labels (the store model reads prototype-named keys)",
  "IM-store-get-creates-namespace": "issue 40 family 8: get of an absent namespace, then listNamespaces (the store model lists after each get)",
  "IM-store-search-filter-bound": "issue 40 family 2: store filter values holding quotes and backslashes",
};

describe("implementation methods (docs/implementation-methods.md)", () => {
  it("defines each entry once", () => {
    expect(entries.length).toBeGreaterThan(50);
    expect(entries.filter((id, i) => entries.indexOf(id) !== i)).toEqual([]);
  });

  it("every entry a spec test names is defined on the page", () => {
    const known = new Set(entries);
    const unknown = tests.flatMap((t) => t.methods.filter((id) => !known.has(id)).map((id) => `${t.where}: ${id}`));
    expect(unknown).toEqual([]);
    const repeated = tests.filter((t) => new Set(t.methods).size !== t.methods.length).map((t) => t.where);
    expect(repeated).toEqual([]);
  });

  it("the entries no spec test names are exactly the reviewed gaps", () => {
    const uncovered = entries.filter((id) => !named.has(id));
    console.info(`implementation methods no spec test names (${uncovered.length} of ${entries.length}):\n${uncovered.map((id) => `  ${id}: ${UNCOVERED[id] ?? "NOT REVIEWED"}`).join("\n")}`);
    expect(uncovered).toEqual(Object.keys(UNCOVERED).filter((id) => entries.includes(id)));
    expect(Object.keys(UNCOVERED).filter((id) => !entries.includes(id)), "UNCOVERED names entries the page does not define").toEqual([]);
  });
});
