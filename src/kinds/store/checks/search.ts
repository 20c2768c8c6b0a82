import type { Item } from "@langchain/langgraph-checkpoint";
import { expectEqual, expectLength, expectTrue } from "../../../assert.js";
import {
  allPages,
  expectItems,
  idSet,
  putAll,
  thrownBy,
  expectNoRepeats,
  type StoreCapabilitySpec,
  type StoreSpecTest,
} from "./helpers.js";

type Entry = readonly [string[], string, Record<string, unknown>];

/** `count` items `k00`.. under `ns`, each `{ i, match }` where every `every`-th matches. */
function numbered(ns: string[], count: number, every = 1): Entry[] {
  return Array.from({ length: count }, (_, i) => [ns, `k${String(i).padStart(2, "0")}`, { i, match: i % every === 0 }] as const);
}

const tests: StoreSpecTest[] = [
  {
    name: "test_store_search_prefix_matches_whole_labels",
    ids: ["ST-20"],
    methods: ["IM-store-search-prefix-as-text"],
    description: 'search(["acme"]) never returns ["acme-corp"] or ["acmex", ...]: the prefix is matched by whole labels',
    async run(ctx) {
      const root = ctx.namespace("boundary");
      await putAll(ctx.store, [
        [[...root, "acme"], "own", { v: 1 }],
        [[...root, "acme", "sub"], "child", { v: 2 }],
        [[...root, "acme-corp"], "sibling", { v: 3 }],
        [[...root, "acmex", "y"], "lookalike", { v: 4 }],
        [[...root, "acm"], "shorter", { v: 5 }],
      ]);
      expectItems(
        await ctx.store.search([...root, "acme"], { limit: 10 }),
        [
          [[...root, "acme"], "own"],
          [[...root, "acme", "sub"], "child"],
        ],
        'search([..., "acme"]) must return the items in ["acme"] and below it only (no other tenant that shares characters)',
      );
    },
  },
  {
    name: "test_store_search_prefix_not_shorter",
    ids: ["ST-20"],
    description: "search of a deeper prefix leaves out items of the shallower namespace",
    async run(ctx) {
      const root = ctx.namespace("deeper");
      await putAll(ctx.store, [
        [root, "top", { v: 1 }],
        [[...root, "a"], "mid", { v: 2 }],
        [[...root, "a", "b"], "leaf", { v: 3 }],
      ]);
      expectItems(
        await ctx.store.search([...root, "a", "b"], { limit: 10 }),
        [[[...root, "a", "b"], "leaf"]],
        "search([root, a, b]) must return only items at or below [root, a, b]",
      );
      expectItems(
        await ctx.store.search(root, { limit: 10 }),
        [
          [root, "top"],
          [[...root, "a"], "mid"],
          [[...root, "a", "b"], "leaf"],
        ],
        "search([root]) must return the items of [root] and every namespace below it",
      );
    },
  },
  {
    name: "test_store_search_empty_prefix_means_everything",
    ids: ["ST-21"],
    description: "search([]) searches the whole store",
    async run(ctx) {
      const store = await ctx.freshStore();
      const entries: Entry[] = [
        [["one"], "a", { v: 1 }],
        [["two", "deep"], "b", { v: 2 }],
        [["three"], "c", { v: 3 }],
      ];
      await putAll(store, entries);
      expectItems(
        await store.search([], { limit: 100 }),
        entries.map(([ns, key]) => [ns, key] as const),
        "search([]) must return every item in the store",
      );
    },
  },
  {
    name: "test_store_search_prefix_metacharacters_are_literal",
    ids: ["ST-22"],
    methods: ["IM-store-search-prefix-as-text"],
    description: 'labels with "_", "%", "*", "?", "[" match only themselves as a prefix',
    async run(ctx) {
      const root = ctx.namespace("meta");
      let checked = 0;
      for (const [meta, lookalike] of [
        ["a_c", "abc"],
        ["a%", "a-anything"],
        ["a*", "ab"],
        ["a?", "ab"],
        ["a[b]", "ab"],
      ] as const) {
        // A store may refuse such a label at put (implementation-defined, ST-16): what it cannot store it cannot leak.
        if ((await thrownBy(() => ctx.store.put([...root, meta], "k", { label: meta }))) !== undefined) continue;
        await ctx.store.put([...root, lookalike], `k-${meta}`, { label: lookalike });
        expectItems(
          await ctx.store.search([...root, meta], { limit: 10 }),
          [[[...root, meta], "k"]],
          `search([..., ${JSON.stringify(meta)}]) must treat the label literally (not match ${JSON.stringify(lookalike)})`,
        );
        checked++;
      }
      expectTrue(checked > 0, "the store refused every label with a pattern character; none could be checked");
    },
  },
  {
    name: "test_store_search_filter_exact_match",
    ids: ["ST-23"],
    description: "a filter {k: v} matches top-level keys exactly, and several keys are ANDed",
    async run(ctx) {
      const root = ctx.namespace("filter");
      await putAll(ctx.store, [
        [root, "a", { status: "active", color: "red" }],
        [root, "b", { status: "active", color: "blue" }],
        [root, "c", { status: "inactive", color: "red" }],
        [root, "d", { status: "active-ish", color: "red" }],
        [root, "e", { color: "red" }],
      ]);
      expectItems(
        await ctx.store.search(root, { filter: { status: "active" } }),
        [
          [root, "a"],
          [root, "b"],
        ],
        'filter {status: "active"} must match exactly "active" (not "active-ish", not absent)',
      );
      expectItems(
        await ctx.store.search(root, { filter: { status: "active", color: "red" } }),
        [[root, "a"]],
        "a filter with two keys must match items that satisfy both",
      );
      expectItems(await ctx.store.search(root, { filter: { status: "none" } }), [], "a filter no item satisfies must return nothing");
    },
  },
  {
    name: "test_store_search_filter_is_type_strict",
    ids: ["ST-24"],
    methods: ["IM-store-search-filter-text-compare"],
    description: '{s: 1} does not match "1", {b: "true"} does not match true, {n: 0} does not match false',
    async run(ctx) {
      const root = ctx.namespace("strict");
      await putAll(ctx.store, [
        [root, "num", { s: 1, b: true, n: 0 }],
        [root, "str", { s: "1", b: "true", n: "0" }],
        [root, "other", { s: 2, b: false, n: false }],
      ]);
      expectItems(
        await ctx.store.search(root, { filter: { s: 1 } }),
        [[root, "num"]],
        'filter {s: 1} must match the number 1 only, not the string "1"',
      );
      expectItems(await ctx.store.search(root, { filter: { s: "1" } }), [[root, "str"]], 'filter {s: "1"} must match the string "1" only');
      expectItems(
        await ctx.store.search(root, { filter: { b: "true" } }),
        [[root, "str"]],
        'filter {b: "true"} must not match the boolean true',
      );
      expectItems(await ctx.store.search(root, { filter: { b: true } }), [[root, "num"]], "filter {b: true} must match the boolean only");
      expectItems(
        await ctx.store.search(root, { filter: { n: 0 } }),
        [[root, "num"]],
        'filter {n: 0} must match the number 0 only, not false or "0"',
      );
    },
  },
  {
    name: "test_store_search_filter_operators",
    ids: ["ST-25"],
    methods: ["IM-store-search-operators-as-text"],
    description: "$eq, $ne, $gt, $gte, $lt, $lte compare numbers numerically (9 < 10) and several operators on a key are ANDed",
    async run(ctx) {
      const root = ctx.namespace("ops");
      await putAll(
        ctx.store,
        [2, 9, 10, 100].map((n) => [root, `n${n}`, { n, tag: n === 10 ? "ten" : "other" }] as const),
      );
      const keys = async (filter: Record<string, unknown>) => idSet(await ctx.store.search(root, { filter }));
      const expectKeys = async (filter: Record<string, unknown>, expected: number[]) =>
        expectEqual(
          await keys(filter),
          idSet(expected.map((n) => ({ namespace: root, key: `n${n}` }))),
          `filter ${JSON.stringify(filter)} must match exactly n in ${JSON.stringify(expected)}`,
        );
      await expectKeys({ n: { $eq: 10 } }, [10]);
      await expectKeys({ n: { $ne: 10 } }, [2, 9, 100]);
      await expectKeys({ n: { $gt: 9 } }, [10, 100]);
      await expectKeys({ n: { $gte: 10 } }, [10, 100]);
      await expectKeys({ n: { $lt: 10 } }, [2, 9]);
      await expectKeys({ n: { $lte: 9 } }, [2, 9]);
      await expectKeys({ n: { $gte: 9, $lt: 100 } }, [9, 10]);
      await expectKeys({ n: { $gt: 2 }, tag: "other" }, [9, 100]);
    },
  },
  {
    name: "test_store_search_default_limit_is_10",
    ids: ["ST-29"],
    methods: ["IM-store-search-pages"],
    description: "search without limit returns at most 10 items, offset 0",
    async run(ctx) {
      const root = ctx.namespace("default-limit");
      await putAll(ctx.store, numbered(root, 12));
      expectLength(await ctx.store.search(root), 10, "search() without a limit must return 10 of the 12 items (the default limit)");
    },
  },
  {
    name: "test_store_search_pages_are_disjoint_and_complete",
    ids: ["ST-29"],
    methods: ["IM-store-search-pages", "IM-store-search-limit-before-filter"],
    description: "limit/offset pages of a filtered search are disjoint and together return every match",
    async run(ctx) {
      const root = ctx.namespace("pages");
      const entries = numbered(root, 14, 2); // 7 matches interleaved with 7 non-matches
      await putAll(ctx.store, entries);
      const pages = await allPages((offset) => ctx.store.search(root, { filter: { match: true }, limit: 3, offset }), 3, 5);
      expectEqual(
        pages.map((p) => p.length),
        [3, 3, 1],
        "pages of 3 over 7 matching items must hold 3, 3 and 1 items (the limit is applied after the filter)",
      );
      const all = pages.flat();
      expectNoRepeats(idSet(all), "no item may appear on two pages");
      expectItems(
        all,
        entries.filter(([, , v]) => v.match).map(([ns, key]) => [ns, key] as const),
        "the pages together must return every matching item",
      );
    },
  },
  {
    name: "test_store_search_limit_after_filter",
    ids: ["ST-29"],
    methods: ["IM-store-search-limit-before-filter"],
    description: "matches put after many non-matches are found: the filter runs before the limit",
    async run(ctx) {
      const root = ctx.namespace("limit-after");
      await putAll(
        ctx.store,
        Array.from({ length: 15 }, (_, i) => [root, `miss${i}`, { match: false }] as const),
      );
      await putAll(ctx.store, [
        [root, "hit1", { match: true }],
        [root, "hit2", { match: true }],
      ]);
      await putAll(
        ctx.store,
        Array.from({ length: 15 }, (_, i) => [root, `late${i}`, { match: false }] as const),
      );
      expectItems(
        await ctx.store.search(root, { filter: { match: true }, limit: 2 }),
        [
          [root, "hit1"],
          [root, "hit2"],
        ],
        "search with a filter and limit 2 must return both matches, wherever they sit among non-matches",
      );
    },
  },
  {
    name: "test_store_search_limit_zero_and_offset_past_end",
    ids: ["ST-29"],
    methods: ["IM-store-search-pages"],
    description: "limit 0 returns nothing (not the default), and an offset past the end returns nothing",
    async run(ctx) {
      const root = ctx.namespace("limit-zero");
      await putAll(ctx.store, numbered(root, 3));
      expectLength(await ctx.store.search(root, { limit: 0 }), 0, "search with limit 0 must return no items");
      expectLength(
        await ctx.store.search(root, { limit: 10, offset: 3 }),
        0,
        "search with an offset equal to the match count must return no items",
      );
      expectLength(await ctx.store.search(root, { limit: 10, offset: 1 }), 2, "search with offset 1 over 3 items must return 2");
    },
  },
  {
    name: "test_store_search_items_without_query_have_no_score",
    ids: ["ST-31", "ST-01"],
    description: "search results are Items (namespace array, key, value, Dates) with score undefined when there is no query",
    async run(ctx) {
      const root = ctx.namespace("score");
      await ctx.store.put([...root, "x"], "k", { v: 1 });
      const [item, ...rest] = (await ctx.store.search(root, { limit: 10 })) as (Item & { score?: unknown })[];
      expectLength(rest, 0, "search must return the one item put");
      expectEqual(item?.namespace, [...root, "x"], "a search result's namespace must be the item's namespace, as an array");
      expectEqual(item?.value, { v: 1 }, "a search result's value must be the item's value");
      expectTrue(
        item?.createdAt instanceof Date && item.updatedAt instanceof Date,
        "a search result's createdAt and updatedAt must be Dates",
      );
      expectEqual(item?.score, undefined, "a search result without a query must have score undefined");
    },
  },
];

export const SEARCH_SPEC: StoreCapabilitySpec = { capability: "search", tests };
