import { InMemoryCache, InMemoryStore, type SearchItem } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { cacheTest, storeTest, validate } from "../../src/index.js";
import { readBack } from "../../src/diagnosis/read-back.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import getMissingReturnsUndefined from "../store-mutants/get-missing-returns-undefined.mutant.js";
import datesAsStrings from "../store-mutants/dates-as-strings.mutant.js";
import getIgnoresNamespace from "../store-mutants/get-ignores-namespace.mutant.js";
import searchPrefixShorterMatches from "../store-mutants/search-prefix-shorter-matches.mutant.js";
import getFirstKeyOnly from "../cache-mutants/get-first-key-only.mutant.js";
import setFirstPairOnly from "../cache-mutants/set-first-pair-only.mutant.js";
import type { BaseCache, BaseStore } from "@langchain/langgraph-checkpoint";

const storeProbe = (create: () => BaseStore) => readBack(storeTest({ name: "s" }, create), "full", 10_000);
const cacheProbe = (create: () => BaseCache) => readBack(cacheTest({ name: "c" }, create), "full", 10_000);

describe("the read-back probe of stores and caches (issue 25)", () => {
  it("reads a correct store's round trip right through get() and search(); a reader's bug and a writer's apart", async () => {
    const datesRight = { itemDates: { get: true, search: true }, otherNamespaces: { get: true, search: true } };
    expect(await storeProbe(() => new InMemoryStore())).toEqual({
      checkpoint: { get: true, search: true },
      writes: {},
      methods: { put: true },
      readers: datesRight,
    });
    // A key never put read as undefined by get(), where search() reads the item right: get()'s.
    expect(await storeProbe(() => getMissingReturnsUndefined.create())).toEqual({
      checkpoint: { get: false, search: true },
      writes: {},
      readers: datesRight,
    });
    // Dates come back as strings through both: the round trip alone reads that as stored wrong; the reader check shows the time was kept and the readers return it as a string (they share the code that copies an item out).
    expect(await storeProbe(() => datesAsStrings.create())).toEqual({
      checkpoint: { get: false, search: false },
      writes: {},
      readers: { itemDates: { get: false, search: false } },
    });
  });

  it("finds a get() that ignores the namespace by reading the item's key where it was not put, which search() leaves alone", async () => {
    const probe = await storeProbe(() => getIgnoresNamespace.create());
    // The round trip reads the item right where it was put through both readers: only the reader check tells.
    expect(probe?.checkpoint).toEqual({ get: true, search: true });
    expect(probe?.readers?.otherNamespaces).toEqual({ get: false, search: true });
    // A search() matching a prefix by a shorter label finds it where get() does not: search()'s.
    expect((await storeProbe(() => searchPrefixShorterMatches.create()))?.readers?.otherNamespaces).toEqual({ get: true, search: false });
  });

  it("reads a cache through get() one key at a time and several at once: wrong together only is get()'s, wrong alone set()'s", async () => {
    expect(await cacheProbe(() => new InMemoryCache())).toEqual({
      checkpoint: { get: true, getOneKey: true },
      writes: {},
      methods: { set: true },
    });
    expect(await cacheProbe(() => getFirstKeyOnly.create())).toEqual({
      checkpoint: { get: false, getOneKey: true },
      writes: {},
      methods: { set: true },
    });
    expect(await cacheProbe(() => setFirstPairOnly.create())).toEqual({ checkpoint: { get: false, getOneKey: false }, writes: {} });
  });
});

describe("store and cache failures grouped by the method at fault (issue 25)", () => {
  it("blames a cache whose clear() does nothing on clear(), though its tests read through get()", async () => {
    class ClearDoesNothing extends ReferenceCache {
      override async clear(): Promise<void> {}
    }
    const report = await validate(
      cacheTest({ name: "clear-no-op" }, () => new ClearDoesNothing()),
      { retries: 0 },
    );
    const causes = report.causes();
    expect(causes.length).toBeGreaterThan(0);
    expect(causes.map((c) => c.method)).toEqual(["clear"]);
    expect(causes[0].title).toMatch(/^clear\(\)/);
  });

  it("shows a store whose search() ignores limit as one search() cause", async () => {
    class SearchIgnoresLimit extends ReferenceStore {
      override search(prefix: string[], options: Parameters<ReferenceStore["search"]>[1] = {}): Promise<SearchItem[]> {
        return super.search(prefix, { ...options, limit: 1_000 });
      }
    }
    const report = await validate(
      storeTest({ name: "search-ignores-limit" }, () => new SearchIgnoresLimit()),
      { retries: 0 },
    );
    const causes = report.causes();
    expect(causes.map((c) => c.method)).toEqual(["search"]);
    expect(causes[0].failures.length).toBeGreaterThan(1);
    expect(causes[0].title).toMatch(/^search\(\) returns .*\[ST-29/);
  });
});
