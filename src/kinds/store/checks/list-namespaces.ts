import { expectEqual, expectLength } from "../../../assert.js";
import { expectNamespaces, namespaceSet, expectNoRepeats, type StoreCapabilitySpec, type StoreSpecTest } from "./helpers.js";

const tests: StoreSpecTest[] = [
  {
    name: "test_store_list_namespaces_empty_store",
    ids: ["ST-33"],
    description: "an empty store lists no namespaces",
    async run(ctx) {
      const store = await ctx.freshStore();
      expectNamespaces(await store.listNamespaces({}), [], "listNamespaces() on an empty store must return []");
    },
  },
  {
    name: "test_store_list_namespaces_distinct",
    ids: ["ST-33"],
    description: "each namespace holding items is listed once, as an array of labels",
    async run(ctx) {
      const store = await ctx.freshStore();
      await store.put(["a", "b"], "k1", { v: 1 });
      await store.put(["a", "b"], "k2", { v: 2 });
      await store.put(["a"], "k1", { v: 3 });
      await store.put(["c", "d", "e"], "k1", { v: 4 });
      expectNamespaces(
        await store.listNamespaces({}),
        [["a", "b"], ["a"], ["c", "d", "e"]],
        "listNamespaces() must list each namespace that holds items exactly once",
      );
    },
  },
  {
    name: "test_store_list_namespaces_default_limit_100",
    ids: ["ST-33"],
    methods: ["IM-store-list-namespaces-pages"],
    description: "listNamespaces() without a limit returns 100 of 105 namespaces",
    async run(ctx) {
      const store = await ctx.freshStore();
      for (let i = 0; i < 105; i++) await store.put(["many", `n${String(i).padStart(3, "0")}`], "k", { i });
      expectLength(await store.listNamespaces({}), 100, "listNamespaces() without a limit must return 100 namespaces (the default limit)");
    },
  },
  {
    name: "test_store_list_namespaces_get_creates_none",
    ids: ["ST-64"],
    methods: ["IM-store-get-creates-namespace"],
    description: "a get() in a namespace never written creates none: listNamespaces does not list it",
    async run(ctx) {
      const root = ctx.namespace("get-absent");
      await ctx.store.put([...root, "kept"], "k", { v: 1 });
      expectEqual(await ctx.store.get([...root, "never"], "k"), null, "get() of a key in a namespace never written must return null");
      expectNamespaces(
        await ctx.store.listNamespaces({ prefix: root }),
        [[...root, "kept"]],
        "listNamespaces must list only namespaces that hold an item: a get() must not create its namespace (a namespace row upserted or a collection made on first access)",
      );
    },
  },
  {
    name: "test_store_list_namespaces_prefix_by_segment",
    ids: ["ST-34"],
    methods: ["IM-store-list-namespaces-segments"],
    description: 'prefix ["foo"] lists ["foo"] and below, never ["foobar"]',
    async run(ctx) {
      const root = ctx.namespace("prefix");
      for (const ns of [["foo"], ["foo", "x"], ["foobar"], ["foobar", "x"], ["fo"]]) await ctx.store.put([...root, ...ns], "k", { v: 1 });
      expectNamespaces(
        await ctx.store.listNamespaces({ prefix: [...root, "foo"] }),
        [
          [...root, "foo"],
          [...root, "foo", "x"],
        ],
        'listNamespaces({prefix: [..., "foo"]}) must match whole labels (not "foobar")',
      );
    },
  },
  {
    name: "test_store_list_namespaces_suffix_by_segment",
    ids: ["ST-35"],
    methods: ["IM-store-list-namespaces-segments"],
    description: 'suffix ["alice"] lists namespaces ending in the label "alice", never "malice"',
    async run(ctx) {
      const root = ctx.namespace("suffix");
      const alice = `alice-${root[0]}`; // unique, so other tests' namespaces cannot end with it
      for (const ns of [[alice], ["x", alice], [`m${alice}`], ["y", `m${alice}`], [alice, "z"]])
        await ctx.store.put([...root, ...ns], "k", { v: 1 });
      expectNamespaces(
        await ctx.store.listNamespaces({ suffix: [alice] }),
        [
          [...root, alice],
          [...root, "x", alice],
        ],
        `listNamespaces({suffix: [${JSON.stringify(alice)}]}) must match whole labels (not "m${alice}")`,
      );
    },
  },
  {
    name: "test_store_list_namespaces_wildcard_matches_one_label",
    ids: ["ST-36"],
    methods: ["IM-store-list-namespaces-segments"],
    description: 'a "*" in a prefix or suffix matches exactly one label',
    async run(ctx) {
      const root = ctx.namespace("wild");
      const tag = `tag-${root[0]}`; // unique, so other tests' namespaces cannot match the suffix
      const spaces = [
        [...root, "a", "x"],
        [...root, "b", "x", "y"],
        [...root, "a", "y"],
        [...root, "x"],
        [...root, tag, "s1"],
        [...root, tag, "s1", "s2"],
      ];
      for (const ns of spaces) await ctx.store.put(ns, "k", { v: 1 });
      expectNamespaces(
        await ctx.store.listNamespaces({ prefix: [...root, "*", "x"] }),
        [
          [...root, "a", "x"],
          [...root, "b", "x", "y"],
        ],
        'prefix [root, "*", "x"] must match any one label in place of "*" (and not [root, "x"])',
      );
      expectNamespaces(
        await ctx.store.listNamespaces({ suffix: [tag, "*"] }),
        [[...root, tag, "s1"]],
        `suffix [${JSON.stringify(tag)}, "*"] must match exactly one label after ${JSON.stringify(tag)}`,
      );
    },
  },
  {
    name: "test_store_list_namespaces_prefix_and_suffix",
    ids: ["ST-37"],
    description: "prefix and suffix together are ANDed",
    async run(ctx) {
      const root = ctx.namespace("both");
      const v1 = `v1-${root[0]}`;
      for (const ns of [
        ["a", v1],
        ["a", "b", v1],
        ["a", "v2"],
        ["c", v1],
      ])
        await ctx.store.put([...root, ...ns], "k", { v: 1 });
      expectNamespaces(
        await ctx.store.listNamespaces({ prefix: [...root, "a"], suffix: [v1] }),
        [
          [...root, "a", v1],
          [...root, "a", "b", v1],
        ],
        "listNamespaces with a prefix and a suffix must return the namespaces that match both",
      );
    },
  },
  {
    name: "test_store_list_namespaces_max_depth_truncates",
    ids: ["ST-38"],
    methods: ["IM-store-list-namespaces-pages"],
    description: "maxDepth truncates deeper namespaces to that depth and lists each result once",
    async run(ctx) {
      const root = ctx.namespace("depth");
      for (const ns of [["a", "b", "c"], ["a", "b", "d", "e"], ["a", "g"], ["h", "i", "j"], ["k"]])
        await ctx.store.put([...root, ...ns], "key", { v: 1 });
      expectNamespaces(
        await ctx.store.listNamespaces({ prefix: root, maxDepth: 3 }),
        [
          [...root, "a", "b"],
          [...root, "a", "g"],
          [...root, "h", "i"],
          [...root, "k"],
        ],
        "maxDepth 3 must truncate [root,a,b,c] and [root,a,b,d,e] to [root,a,b] (listed once), keep shallower ones, and drop none",
      );
      expectNamespaces(
        await ctx.store.listNamespaces({ prefix: root, maxDepth: 1 }),
        [root],
        "maxDepth 1 must truncate every namespace under root to [root]",
      );
    },
  },
  {
    name: "test_store_list_namespaces_pages_after_truncation",
    ids: ["ST-39"],
    methods: ["IM-store-list-namespaces-pages"],
    description: "limit and offset page the truncated, de-duplicated list: pages are full, disjoint and complete",
    async run(ctx) {
      const root = ctx.namespace("list-pages");
      const expected: string[][] = [];
      for (const group of ["a", "b", "c", "d", "e"]) {
        expected.push([...root, group]);
        for (const leaf of ["x", "y", "z"]) await ctx.store.put([...root, group, leaf], "k", { v: 1 });
      }
      const pages: string[][][] = [];
      for (const offset of [0, 2, 4, 6]) pages.push(await ctx.store.listNamespaces({ prefix: root, maxDepth: 2, limit: 2, offset }));
      expectEqual(
        pages.map((p) => p.length),
        [2, 2, 1, 0],
        "pages of 2 over 5 truncated namespaces must hold 2, 2, 1 and 0 (limit applied after truncation)",
      );
      const all = pages.flat();
      expectNoRepeats(namespaceSet(all), "no namespace may appear on two pages");
      expectNamespaces(all, expected, "the pages together must list every truncated namespace");
    },
  },
  {
    name: "test_store_list_namespaces_trailing_newline",
    ids: ["ST-41"],
    description: 'a label with a trailing "\\n" is listed as its own namespace, newline kept',
    async run(ctx) {
      const root = ctx.namespace("list-newline");
      await ctx.store.put([...root, "a"], "k", { v: 1 });
      await ctx.store.put([...root, "a\n"], "k", { v: 2 });
      expectNamespaces(
        await ctx.store.listNamespaces({ prefix: root }),
        [
          [...root, "a"],
          [...root, "a\n"],
        ],
        'listNamespaces must list ["a"] and ["a\\n"] as two namespaces',
      );
    },
  },
];

export const LIST_NAMESPACES_SPEC: StoreCapabilitySpec = { capability: "list_namespaces", tests };
