import { expectDefined, expectEqual, expectResolves, expectSame, expectTrue } from "../../../assert.js";
import { idOf, pause, thrownBy, type StoreCapabilitySpec, type StoreSpecTest } from "./helpers.js";

const JSON_SHAPES = {
  nested: { a: { b: { c: [1, { d: "deep" }] } } },
  list: [1, "two", null, true, { x: [] }],
  nothing: null,
  yes: true,
  no: false,
  zero: 0,
  negative: -17,
  float: 3.25,
  big: 2 ** 53 - 1,
  empty: "",
  emptyObject: {},
  emptyList: [],
  accents: "héllo wörld",
  cjk: "你好，世界",
  rtl: "مرحبا",
  emoji: "🙂 \u{1F680}",
  escapes: 'quote " backslash \\ tab \t newline \n',
};

const tests: StoreSpecTest[] = [
  {
    name: "test_store_put_get_roundtrip",
    ids: ["ST-01"],
    description: "get after put returns an Item: namespace (array), key, value, and createdAt/updatedAt Dates",
    async run(ctx) {
      const ns = [...ctx.namespace("roundtrip"), "docs"];
      await ctx.store.put(ns, "k1", { text: "hello", n: 1 });
      const item = await ctx.store.get(ns, "k1");
      expectDefined(item, "get(namespace, key) after put must return the item");
      expectEqual(item.namespace, ns, "item.namespace must be the namespace put into, as an array of labels");
      expectSame(item.key, "k1", "item.key must be the key put");
      expectEqual(item.value, { text: "hello", n: 1 }, "item.value must be the value put");
      expectTrue(item.createdAt instanceof Date && !Number.isNaN(item.createdAt.getTime()), "item.createdAt must be a valid Date", [
        `got ${String(item.createdAt)}`,
      ]);
      expectTrue(item.updatedAt instanceof Date && !Number.isNaN(item.updatedAt.getTime()), "item.updatedAt must be a valid Date", [
        `got ${String(item.updatedAt)}`,
      ]);
    },
  },
  {
    name: "test_store_get_missing_returns_null",
    ids: ["ST-02"],
    description: "get of an absent key, or in a namespace never written, returns null",
    async run(ctx) {
      const root = ctx.namespace("missing");
      await ctx.store.put([...root, "a"], "present", { v: 1 });
      expectSame(await ctx.store.get([...root, "a"], "absent"), null, "get of a key never put (in a written namespace) must return null");
      expectSame(await ctx.store.get([...root, "never"], "present"), null, "get in a namespace never written must return null");
    },
  },
  {
    name: "test_store_put_replaces_whole_value",
    ids: ["ST-03"],
    methods: ["IM-store-put-merge"],
    description: "a second put of the same namespace and key replaces the value, it does not merge",
    async run(ctx) {
      const ns = ctx.namespace("replace");
      await ctx.store.put(ns, "k", { a: 1, b: { c: 2 } });
      await ctx.store.put(ns, "k", { b: { d: 3 } });
      const item = await ctx.store.get(ns, "k");
      expectDefined(item, "get after the second put must return the item");
      expectEqual(item.value, { b: { d: 3 } }, "the second put must replace the whole value (no key of the first value kept)");
    },
  },
  {
    name: "test_store_overwrite_advances_updated_at",
    ids: ["ST-04"],
    methods: ["IM-store-put-timestamps"],
    description: "after an overwrite, updatedAt is strictly later than before",
    async run(ctx) {
      const ns = ctx.namespace("updated");
      await ctx.store.put(ns, "k", { v: 1 });
      const first = await ctx.store.get(ns, "k");
      expectDefined(first, "get after put must return the item");
      const before = new Date(first.updatedAt.getTime()); // copied now: a store may hand out its live item (ST-07)
      await pause(20);
      await ctx.store.put(ns, "k", { v: 2 });
      const second = await ctx.store.get(ns, "k");
      expectDefined(second, "get after the overwrite must return the item");
      expectTrue(second.updatedAt.getTime() > before.getTime(), "updatedAt after an overwrite must be strictly later than before it", [
        `before: ${before.toISOString()}`,
        `after:  ${second.updatedAt.toISOString()}`,
      ]);
    },
  },
  {
    name: "test_store_values_keep_json_shape",
    ids: ["ST-06"],
    methods: ["IM-store-put-json-shape"],
    description: "nested objects, arrays, null, booleans, numbers, empty containers and non-ASCII text round-trip",
    async run(ctx) {
      const ns = ctx.namespace("shapes");
      await ctx.store.put(ns, "k", JSON_SHAPES);
      const item = await ctx.store.get(ns, "k");
      expectDefined(item, "get after put must return the item");
      expectEqual(item.value, JSON_SHAPES, "every JSON shape in the value must read back unchanged");
    },
  },
  {
    name: "test_store_large_value_roundtrip",
    ids: ["ST-06"],
    methods: ["IM-store-put-json-shape"],
    description: "a 1 MB string and a 10,000-element array round-trip unchanged",
    async run(ctx) {
      const ns = ctx.namespace("large");
      const value = { text: "x€".repeat(350_000), list: Array.from({ length: 10_000 }, (_, i) => ({ i })) };
      await ctx.store.put(ns, "big", value);
      const item = await ctx.store.get(ns, "big");
      expectDefined(item, "get after putting a large value must return the item");
      expectSame(item.value.text, value.text, "a 1 MB string must read back unchanged");
      expectEqual(item.value.list, value.list, "a 10,000-element array must read back unchanged");
    },
  },
  {
    name: "test_store_namespaces_isolate_keys",
    ids: ["ST-08"],
    description: "the same key in sibling, parent and child namespaces is a different item each time",
    async run(ctx) {
      const root = ctx.namespace("isolate");
      const spaces = [root, [...root, "a"], [...root, "b"], [...root, "a", "b"]];
      for (const [i, ns] of spaces.entries()) await ctx.store.put(ns, "same", { owner: i });
      for (const [i, ns] of spaces.entries()) {
        const item = await ctx.store.get(ns, "same");
        expectDefined(item, `get(${JSON.stringify(ns)}, "same") must return the item put there`);
        expectEqual(item.value, { owner: i }, `get(${JSON.stringify(ns)}, "same") must return that namespace's own value`);
      }
      expectSame(
        await ctx.store.get([...root, "c"], "same"),
        null,
        "the key in other namespaces must not be found under a namespace never written",
      );
    },
  },
  {
    name: "test_store_colon_label_is_not_two_labels",
    ids: ["ST-08"],
    methods: ["IM-store-put-key-concatenation"],
    description: '["a:b"] must not be the same namespace as ["a","b"] (a store that accepts ":" must keep them apart)',
    async run(ctx) {
      const root = ctx.namespace("colon");
      const rejected = await thrownBy(() => ctx.store.put([...root, "a:b"], "k", { from: "colon label" }));
      await ctx.store.put([...root, "a", "b"], "k", { from: "two labels" });
      const split = await ctx.store.get([...root, "a", "b"], "k");
      expectEqual(split?.value, { from: "two labels" }, 'get(["a","b"]) must return the value put under ["a","b"]');
      if (rejected !== undefined) return; // the store refuses ":" in a label: nothing can collide
      const joined = await ctx.store.get([...root, "a:b"], "k");
      expectEqual(
        joined?.value,
        { from: "colon label" },
        'get(["a:b"]) must return the value put under ["a:b"], not the one under ["a","b"]',
      );
    },
  },
  {
    name: "test_store_keys_are_arbitrary_strings",
    ids: ["ST-09", "ST-08"],
    methods: ["IM-store-put-key-concatenation"],
    description: "keys with separators, wildcards, spaces, newlines and non-ASCII text are distinct and round-trip",
    async run(ctx) {
      const ns = ctx.namespace("keys");
      const keys = ["plain", "a:b", "a/b", "a.b", "a%", "a_b", "a*", "with space", "trail\n", "ünï 🙂", "k".repeat(1000), "[0]", "a\\b"];
      for (const [i, key] of keys.entries()) await ctx.store.put(ns, key, { i });
      for (const [i, key] of keys.entries()) {
        const item = await ctx.store.get(ns, key);
        expectDefined(item, `get(ns, ${JSON.stringify(key.slice(0, 40))}) must return the item put under that key`);
        expectSame(item.key, key, "item.key must be the exact key put");
        expectEqual(item.value, { i }, `the key ${JSON.stringify(key.slice(0, 40))} must hold its own value`);
      }
    },
  },
  {
    name: "test_store_key_with_colon_is_not_a_deeper_namespace",
    ids: ["ST-08", "ST-09"],
    methods: ["IM-store-put-key-concatenation"],
    description: 'key "b:c" under ["a"] and key "c" under ["a","b"] are two items',
    async run(ctx) {
      const root = ctx.namespace("colonkey");
      await ctx.store.put([...root, "a"], "b:c", { which: "key with colon" });
      await ctx.store.put([...root, "a", "b"], "c", { which: "deeper namespace" });
      const first = await ctx.store.get([...root, "a"], "b:c");
      const second = await ctx.store.get([...root, "a", "b"], "c");
      expectEqual(
        first?.value,
        { which: "key with colon" },
        `get(${JSON.stringify([...root, "a"])}, "b:c") must return its own value (${idOf([...root, "a"], "b:c")})`,
      );
      expectEqual(
        second?.value,
        { which: "deeper namespace" },
        `get(${JSON.stringify([...root, "a", "b"])}, "c") must return its own value`,
      );
    },
  },
  {
    name: "test_store_non_ascii_labels",
    ids: ["ST-08", "ST-06"],
    description: "non-ASCII labels round-trip and are distinct from their ASCII look-alikes",
    async run(ctx) {
      const root = ctx.namespace("unicode");
      const labels = ["cafe", "café", "用户", "🙂", "ﬁ", "fi"];
      for (const [i, label] of labels.entries()) await ctx.store.put([...root, label], "k", { i });
      for (const [i, label] of labels.entries()) {
        const item = await ctx.store.get([...root, label], "k");
        expectDefined(item, `get under the label ${JSON.stringify(label)} must return the item put there`);
        expectEqual(item.namespace, [...root, label], "item.namespace must keep the label exactly");
        expectEqual(item.value, { i }, `the label ${JSON.stringify(label)} must hold its own value`);
      }
    },
  },
  {
    name: "test_store_start_and_stop_twice",
    ids: ["ST-63"],
    description: "start() twice works (the store is usable after it), and stop() twice does not throw",
    async run(ctx) {
      const store = await ctx.freshStore();
      await expectResolves(async () => {
        await store.start();
        await store.start();
      }, "start() called twice must resolve");
      const ns = ctx.namespace("lifecycle");
      await store.put(ns, "k", { v: 1 });
      expectEqual((await store.get(ns, "k"))?.value, { v: 1 }, "the store must work after start() was called twice");
      await expectResolves(async () => {
        await store.stop();
        await store.stop();
      }, "stop() called twice must resolve (the second is a no-op)");
    },
  },
  {
    name: "test_store_returned_item_not_aliased",
    ids: ["ST-07"],
    methods: ["IM-store-get-returns-references"],
    description: "a returned Item is a snapshot: mutating it, or a later put, does not change what was read or stored",
    advisory: true,
    advisoryReason:
      "ST-07 is advisory: JS InMemoryStore (1.2.2) hands out its live item objects (Python has the same open bug, langgraph#8835)",
    async run(ctx) {
      const ns = ctx.namespace("alias");
      await ctx.store.put(ns, "k", { v: 1, list: [1] });
      const read = await ctx.store.get(ns, "k");
      expectDefined(read, "get after put must return the item");
      await ctx.store.put(ns, "k", { v: 2, list: [2] });
      expectEqual(read.value, { v: 1, list: [1] }, "an Item read before a later put must keep the value it was read with");
      (read.value as { v: number }).v = 99;
      (read.value as { list: number[] }).list.push(99);
      const again = await ctx.store.get(ns, "k");
      expectEqual(again?.value, { v: 2, list: [2] }, "mutating a returned Item must not change the stored value");
    },
  },
];

export const PUT_GET_SPEC: StoreCapabilitySpec = { capability: "put_get", tests };
