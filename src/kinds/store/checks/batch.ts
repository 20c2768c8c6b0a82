import type { Item, Operation } from "@langchain/langgraph-checkpoint";
import { ConformanceError, expectEqual, expectLength, expectRejects, expectSame, expectTrue } from "../../../assert.js";
import { expectItems, idSet, namespaceSet, type StoreCapabilitySpec, type StoreSpecTest } from "./helpers.js";

const tests: StoreSpecTest[] = [
  {
    name: "test_store_batch_results_in_op_order",
    ids: ["ST-42"],
    methods: ["IM-store-batch-order"],
    description: "batch returns one result per op, in op order: nullish for puts, Item or null for gets, arrays for searches and lists",
    async run(ctx) {
      const root = ctx.namespace("batch-order");
      await ctx.store.put([...root, "a"], "x", { v: "x" });
      await ctx.store.put([...root, "b"], "y", { v: "y" });
      const ops: Operation[] = [
        { namespace: [...root, "c"], key: "new", value: { v: "new" } },
        { namespace: [...root, "b"], key: "y" },
        { namespacePrefix: [...root, "a"], limit: 10, offset: 0 },
        { matchConditions: [{ matchType: "prefix", path: [...root, "b"] }], limit: 10, offset: 0 },
        { namespace: [...root, "a"], key: "absent" },
        { namespace: [...root, "a"], key: "x" },
      ];
      const results = (await ctx.store.batch(ops)) as unknown[];
      expectLength(results, ops.length, "batch must return one result per op");
      expectTrue(results[0] == null, "the result of a put op must be null or undefined", [`got ${JSON.stringify(results[0])}`]);
      expectEqual((results[1] as Item | null)?.value, { v: "y" }, "result 1 (get [b] y) must be that item");
      expectItems(results[2] as Item[], [[[...root, "a"], "x"]], "result 2 (search [a]) must be the items under [a]");
      expectEqual(
        namespaceSet(results[3] as string[][]),
        namespaceSet([[...root, "b"]]),
        "result 3 (listNamespaces prefix [b]) must list [b]",
      );
      expectSame(results[4], null, "result 4 (get of an absent key) must be null");
      expectEqual((results[5] as Item | null)?.value, { v: "x" }, "result 5 (get [a] x) must be that item");
      expectEqual((await ctx.store.get([...root, "c"], "new"))?.value, { v: "new" }, "get must return the item the batch put");
    },
  },
  {
    name: "test_store_batch_last_put_wins",
    ids: ["ST-43"],
    methods: ["IM-store-batch-order"],
    description: "several puts of the same (namespace, key) in one batch: the last one wins, a trailing delete deletes",
    async run(ctx) {
      const root = ctx.namespace("last-wins");
      await ctx.store.batch([
        { namespace: root, key: "k", value: { v: 1 } },
        { namespace: root, key: "k", value: { v: 2 } },
        { namespace: root, key: "k", value: { v: 3 } },
        { namespace: root, key: "gone", value: { v: 1 } },
        { namespace: root, key: "gone", value: null },
      ]);
      expectEqual(
        (await ctx.store.get(root, "k"))?.value,
        { v: 3 },
        "after three puts of one key in a batch, get must return the last value",
      );
      expectSame(await ctx.store.get(root, "gone"), null, "after a put and a delete of the same key in one batch, get must find no item");
    },
  },
  {
    name: "test_store_batch_puts_of_lookalike_paths_are_distinct",
    ids: ["ST-43", "ST-08"],
    methods: ["IM-store-put-key-concatenation"],
    description: 'one batch putting key "b:c" under [a] and key "c" under [a, b] stores both items',
    async run(ctx) {
      const root = ctx.namespace("batch-lookalike");
      await ctx.store.batch([
        { namespace: [...root, "a"], key: "b:c", value: { which: "key with colon" } },
        { namespace: [...root, "a", "b"], key: "c", value: { which: "deeper namespace" } },
      ]);
      expectEqual(
        (await ctx.store.get([...root, "a"], "b:c"))?.value,
        { which: "key with colon" },
        'get of key "b:c" under [a] must return its own put, not merged with the put of "c" under [a, b]',
      );
      expectEqual(
        (await ctx.store.get([...root, "a", "b"], "c"))?.value,
        { which: "deeper namespace" },
        'get of key "c" under [a, b] must return its put',
      );
    },
  },
  {
    name: "test_store_batch_rejects_invalid_op",
    ids: ["ST-45"],
    methods: ["IM-store-batch-order"],
    description: "a batch with one invalid put (a label with '.') rejects",
    async run(ctx) {
      const root = ctx.namespace("batch-invalid");
      await expectRejects(
        () =>
          ctx.store.batch([
            { namespace: [...root, "ok"], key: "k", value: { v: 1 } },
            { namespace: [...root, "bad.label"], key: "k", value: { v: 1 } },
          ]),
        "a batch holding a put with an invalid namespace must reject",
      );
      expectSame(await ctx.store.get([...root, "bad.label"], "k").catch(() => null), null, "get must find nothing of the invalid put");
    },
  },
  {
    name: "test_store_convenience_methods_agree_with_batch",
    ids: ["ST-46"],
    description: "get, search, listNamespaces and delete give what the matching batch ops give",
    async run(ctx) {
      const root = ctx.namespace("agree");
      await ctx.store.put([...root, "a"], "k1", { n: 1 });
      await ctx.store.batch([{ namespace: [...root, "a", "b"], key: "k2", value: { n: 2 } }]);
      await ctx.store.put([...root, "c"], "k3", { n: 3 });
      const [viaBatchGet] = (await ctx.store.batch([{ namespace: [...root, "a", "b"], key: "k2" }])) as [Item | null];
      expectEqual(
        (await ctx.store.get([...root, "a", "b"], "k2"))?.value,
        viaBatchGet?.value,
        "get() and a batch get must return the same item",
      );
      const search = { filter: { n: { $gte: 2 } }, limit: 10, offset: 0 };
      const [viaBatchSearch] = (await ctx.store.batch([{ namespacePrefix: root, ...search }])) as [Item[]];
      expectEqual(
        idSet(await ctx.store.search(root, search)),
        idSet(viaBatchSearch),
        "search() and a batch search must return the same items",
      );
      const [viaBatchList] = (await ctx.store.batch([
        { matchConditions: [{ matchType: "prefix", path: root }], limit: 100, offset: 0 },
      ])) as [string[][]];
      expectEqual(
        namespaceSet(await ctx.store.listNamespaces({ prefix: root })),
        namespaceSet(viaBatchList),
        "listNamespaces() and a batch list must return the same namespaces",
      );
      await ctx.store.batch([{ namespace: [...root, "a"], key: "k1", value: null }]);
      expectSame(await ctx.store.get([...root, "a"], "k1"), null, "a batch put of value null must delete like delete()");
      await ctx.store.delete([...root, "c"], "k3");
      const [afterDelete] = (await ctx.store.batch([{ namespace: [...root, "c"], key: "k3" }])) as [Item | null];
      expectSame(afterDelete, null, "after delete(), a batch get must return null");
    },
  },
  {
    name: "test_store_concurrent_puts_same_key_leave_one_item",
    ids: ["ST-47"],
    methods: ["IM-store-concurrent-puts"],
    description: "50 concurrent puts of one key leave exactly one item, holding one of the values put",
    async run(ctx) {
      const root = ctx.namespace("concurrent-one");
      await Promise.all(Array.from({ length: 50 }, (_, i) => ctx.store.put(root, "k", { i })));
      const found = await ctx.store.search(root, { limit: 100 });
      expectItems(found, [[root, "k"]], "50 concurrent puts of one key must leave exactly one item");
      const i = (found[0]?.value as { i?: unknown } | undefined)?.i;
      if (typeof i !== "number" || i < 0 || i >= 50)
        throw new ConformanceError("the item must hold one of the values put", {
          expected: "{ i } with 0 <= i < 50",
          actual: found[0]?.value,
        });
    },
  },
  {
    name: "test_store_concurrent_puts_distinct_keys_all_kept",
    ids: ["ST-47"],
    methods: ["IM-store-concurrent-puts"],
    description: "50 concurrent puts of distinct keys (and concurrent batches) all land",
    async run(ctx) {
      const root = ctx.namespace("concurrent-many");
      await Promise.all([
        ...Array.from({ length: 40 }, (_, i) => ctx.store.put(root, `p${i}`, { i })),
        ...Array.from({ length: 10 }, (_, i) => ctx.store.batch([{ namespace: root, key: `b${i}`, value: { i } }])),
      ]);
      const found = await ctx.store.search(root, { limit: 100 });
      expectLength(found, 50, "every one of 50 concurrent puts must be stored");
    },
  },
];

export const BATCH_SPEC: StoreCapabilitySpec = { capability: "batch", tests };
